"""Account actions: code puts a complete request's card in front of the customer, asks for the one missing
detail, and says what the stored proposal holds. The button stays the customer's."""

from quipu.domain.plain_requests import (
    clarifying_question,
    completes_a_request,
    lookups_needed,
    names_an_action,
    plain_request,
    points_back,
)
from quipu.skills.answering import SkillTurn, ToolOutcome, Voice

ASKABLE = ("card", "charge", "action")
PROPOSE = "propose_actions"


async def _looked(text: str, tools, seen: dict[str, dict]) -> dict:
    """The cards or charges the words need; each tool is called once a turn (`seen` keeps what it answered)."""
    looked = {}
    for needed, tool, arguments in (("cards", "my_cards", {}), ("charges", "recent_charges", {"days": 90, "limit": 20})):
        if needed in lookups_needed(text):
            if not seen.get(tool):
                seen[tool] = (await tools.call(tool, arguments)).result
            looked[needed] = seen[tool].get(needed, [])
    return looked


async def plain_proposal(turn: SkillTurn, outcomes: list[ToolOutcome]) -> list[ToolOutcome] | str:
    """The proposal when the words name one action completely; else the one question code can word. A
    follow-up that names an action of its own ("e me manda um resumo") is read alone first; when alone it
    leaves out which charge or card, the words it answers say ("me cobraron doble el uber" + "sí, abre la
    aclaración")."""
    alone = names_an_action(turn.latest) and not points_back(turn.latest)
    readings = [turn.latest, turn.text] if alone and turn.text != turn.latest else [turn.text]
    seen = {o.tool: o.result for o in outcomes}
    for text in readings:
        looked = await _looked(text, turn.tools, seen)
        request = plain_request(text, looked.get("cards"), looked.get("charges"))
        if request is not None:
            return [await turn.tools.call(PROPOSE, {"actions": [request]})]
    looked = await _looked(readings[0], turn.tools, seen)
    return clarifying_question(readings[0], looked.get("cards"), turn.language) or []


def plain(turn: SkillTurn) -> bool:
    """The words name one catalog action, or answer code's question about one: code proposes it or asks the one
    detail, no model step."""
    if names_an_action(turn.latest):
        return True
    follow_up = turn.text != turn.latest  # the answer to code's question: "la de crédito", "de tarde"
    return follow_up and names_an_action(turn.text) and completes_a_request(turn.latest)


async def first(turn: SkillTurn) -> list[ToolOutcome] | str:
    """The model asked instead of calling a tool: a complete request still gets its card."""
    return await plain_proposal(turn, [])


async def then(turn: SkillTurn, outcomes: list[ToolOutcome]) -> list[ToolOutcome] | str:
    """After a look at the cards or charges, code proposes what the words ask for (or asks the one detail)."""
    if any(o.tool == PROPOSE for o in outcomes):
        return []
    return await plain_proposal(turn, outcomes)


def _proposal(voice: Voice, proposal: dict) -> str:
    items = voice.lines([i["text"] for i in proposal.get("items", [])])
    if proposal.get("needs_confirmation"):
        return voice.say("proposal", items=items, ready=voice.say("ready"))
    return voice.say("nothing_to_confirm", items=items)


def _cards(voice: Voice, cards: list[dict]) -> str:
    if not cards:
        return voice.say("no_cards")
    lines = [
        voice.say("card_line", product=voice.product(c.get("product_type"), c.get("last4")), status=voice.word(c.get("status")))
        for c in cards
    ]
    return voice.say("cards", cards=voice.lines(lines))


def _charges(voice: Voice, charges: list[dict]) -> str:
    if not charges:
        return voice.say("no_charges")
    lines = [
        voice.say(
            "charge_line",
            label=c["label"],
            merchant=voice.merchant(c.get("merchant")),
            amount=voice.money(c["amount"], c["currency"]),
            date=voice.date(c["date"]),
        )
        for c in charges
    ]
    return voice.say("charges", charges=voice.lines(lines))


def answer(outcomes: list[ToolOutcome], voice: Voice) -> str:
    last = outcomes[-1]
    if last.result.get("error"):
        return voice.say("unavailable")
    if isinstance(last.result.get("proposal"), dict):
        return _proposal(voice, last.result["proposal"])
    if last.tool == "my_cards":
        return _cards(voice, last.result.get("cards", []))
    return _charges(voice, last.result.get("charges", []))
