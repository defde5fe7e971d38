"""Who is asking, in one shape through every layer: the chat turn, the agent's state, the tools, the
proposals and the transfers all name the customer by this."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Caller:
    customer_id: str
    signed_in: bool
    language: str = "es"
    thread_id: str | None = None  # the customer's own name for the conversation
    conversation_id: str | None = None  # the bank's id of that conversation
    said: str | None = None  # the words of this turn, as typed (kept short)
    channel: str = "agent"  # who called: the agent in process, or an outside client over /mcp

    def speaking(self, language: str, said: str | None = None) -> "Caller":
        """The same caller, in the language and with the words of this turn."""
        return Caller(
            self.customer_id, self.signed_in, language, self.thread_id, self.conversation_id, said, self.channel
        )
