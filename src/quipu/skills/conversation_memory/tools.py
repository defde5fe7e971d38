"""The memory server: what the bank recalls of the customer's earlier conversations (QUIPU_CHAT_MEMORY=on)."""

from collections.abc import Callable

from quipu.adapters.mcp.surface import AUDITED, READ_ONLY, Depends, FastMCP, ToolDeps, signed_in, wired
from quipu.application.caller import Caller
from quipu.application.memory import Recalled
from quipu.application.tool_results import published


def build(deps: Callable[[], ToolDeps]) -> FastMCP:
    server = FastMCP("memory", instructions="What is still going on from the customer's earlier conversations.")

    @server.tool(annotations=READ_ONLY, tags={AUDITED}, output_schema=published(Recalled))
    async def recall_earlier_conversations(session: Caller = Depends(signed_in)) -> Recalled:
        """What is still going on from the customer's earlier conversations: disputes opened and their state,
        proposals waiting for their button, cases with a person, and the last charges the bank checked (with what
        it found). Written by code from the records, never the earlier messages themselves."""
        memory = wired(deps().memory, "memory")
        return await memory.recall(session.customer_id, language=session.language, other_than=session.conversation_id)

    return server
