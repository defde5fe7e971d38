"""Optional rephrasing (QUIPU_REPHRASE=on): a model may rewrite code's answer for tone; code checks that the
rewrite carries exactly the same figures, dates, card endings and merchants, or sends its own answer."""

import logging
from dataclasses import dataclass
from typing import Any

from quipu.application.agent import prompts
from quipu.application.agent.state import TurnState, Usage
from quipu.application.agent.steps import rephrase_schema

log = logging.getLogger("quipu.agent")


@dataclass(frozen=True)
class Rephrasing:
    """The rewrite when it carries exactly what code's answer did (else None), and what the call cost."""

    reply: str | None
    usage: Usage


async def checked_rephrasing(agent: Any, state: TurnState, answer: str) -> Rephrasing | None:
    """None when the call failed: code's answer stands, and nothing was spent."""
    from quipu.domain.grounding import ungrounded
    from quipu.domain.records_text import quoted_spans

    try:
        call, usage = await agent._model(
            "rephrase", state, prompts.rephrase_instruction(answer, state.language), rephrase_schema()
        )
    except Exception as error:  # a failed rephrasing costs nothing: code's answer stands
        log.warning("rephrasing failed", exc_info=error)
        return None
    rewrite = str(call.data.get("text") or "").strip()
    extra = ungrounded(rewrite, [answer]) if rewrite else ["empty"]
    missing = ungrounded(answer, [rewrite]) if rewrite else []
    if rewrite and quoted_spans(rewrite) != quoted_spans(answer):  # records text exactly as code quoted it
        extra.append("quoted records text")
    if extra or missing:
        log.info("rephrasing refused: %s new, %s lost", extra, missing)
        return Rephrasing(None, usage)
    return Rephrasing(rewrite, usage)
