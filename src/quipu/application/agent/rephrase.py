"""Optional rephrasing (QUIPU_REPHRASE=on): a model may rewrite code's answer for tone; code checks that the
rewrite carries exactly the same figures, dates, card endings and merchants, or sends its own answer."""

import logging
from collections.abc import Mapping
from typing import Any

from quipu.application.agent import prompts
from quipu.application.agent.steps import rephrase_schema

log = logging.getLogger("quipu.agent")


async def checked_rephrasing(agent: Any, state: Mapping[str, Any], answer: str) -> dict[str, Any]:
    from quipu.domain.grounding import ungrounded
    from quipu.domain.records_text import quoted_spans

    try:
        call, usage = await agent._model(
            "rephrase", state, prompts.rephrase_instruction(answer, state["language"]), rephrase_schema()
        )
    except Exception as error:  # a failed rephrasing costs nothing: code's answer stands
        log.warning("rephrasing failed", exc_info=error)
        return {}
    rewrite = str(call.data.get("text") or "").strip()
    usage = {k: state.get(k, 0) + v for k, v in usage.items()}
    extra = ungrounded(rewrite, [answer]) if rewrite else ["empty"]
    missing = ungrounded(answer, [rewrite]) if rewrite else []
    if rewrite and quoted_spans(rewrite) != quoted_spans(answer):  # records text exactly as code quoted it
        extra.append("quoted records text")
    if extra or missing:
        log.info("rephrasing refused: %s new, %s lost", extra, missing)
        return {**usage, "rephrased": False}
    return {**usage, "reply": rewrite, "rephrased": True}
