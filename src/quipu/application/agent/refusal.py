"""What the bank never automates is answered by code and audited; a person gets the case when the customer asks
for it (a question about how it works is answered, and no case is opened for it)."""

from dataclasses import dataclass

from quipu.application.agent.deps import AgentDeps
from quipu.application.agent.state import Handoff, TurnState
from quipu.domain import action_text
from quipu.domain.actions import NEVER_AUTOMATED, Requested
from quipu.domain.agent_text import say


@dataclass(frozen=True)
class Refused:
    """Code's answer to what the bank never automates: the reply, how the turn ends, and the case a person
    already has when the request was escalated."""

    reply: str
    outcome: str
    handoff: Handoff | None = None
    offers_a_person: bool = False  # the reply offers to pass the case on; taking it up passes it


async def refuse_by_code(deps: AgentDeps, state: TurnState, action: str, *, explain: bool = False) -> Refused:
    caller, language = state.caller, state.language
    if caller.signed_in and not explain:
        who = caller.speaking(language)
        view = await deps.gateway.propose(who, [Requested(action, {})])
        item = view.items[0]
        reason, escalated = item.reason, item.status == "escalated"
    else:
        verdict, reason = NEVER_AUTOMATED[action]
        escalated = False
        await deps.audit.log(
            customer_id=caller.customer_id,
            conversation_id=caller.conversation_id,
            tool=f"refuse:{action}",
            proposed={"said": state.text[:200]},
            decision=verdict,
            reason=reason,
        )
    text = action_text.reason_text(reason, language) or ""
    offered = explain and caller.signed_in  # "¿cómo pido una tarjeta nueva?": who does it, and an offer to pass it on
    reply = say("refused_person" if escalated else "refused_offer" if offered else "refused", language, reason=text)
    if not caller.signed_in:
        reply = f"{reply} {say('sign_in', language)}"
    if escalated:
        return Refused(reply, "handed_off", Handoff(reason=reason or "action_escalated", already_open=True))
    # a question of how it works, or what is supposed, is answered by saying who does it; a request is refused
    return Refused(reply, "answered" if explain else "refused", offers_a_person=offered)
