"""Account actions: code puts a complete request's card in front of the customer, asks for the one missing
detail, and says what the stored proposal holds. The button stays the customer's. What the words ask is the
reading's: the intent the router chose and the clause's slots (a card's ending or kind, "the other one", the
merchant of a charge, an alert's kind, a call's window, a summary's topic)."""

from datetime import date
from decimal import Decimal

from quipu.application.action_results import ActionProposal, CardLine, MyCards, RecentCharges
from quipu.application.action_view import ActionCard
from quipu.application.investigation_results import ListedCharge
from quipu.application.results import Result
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.turn import SkillTurn
from quipu.application.skills.voice import Voice
from quipu.domain.actions import ALERT_KINDS
from quipu.domain.money import names_amount
from quipu.domain.reading.model import Slots
from quipu.domain.reading.products import product_type
from quipu.domain.texts import by_language, requests
from quipu.domain.vocabulary import CREDIT_CARD, CURRENCIES, DEBIT_CARD

PROPOSE = "propose_actions"
ACTIONS = {
    "block_card": "block_card",
    "cancel_card": "cancel_card",
    "dispute_charge": "open_payment_inquiry",
    "request_callback": "request_callback",
    "alert_on": "set_alert",
    "alert_off": "set_alert",
    "email_summary": "send_summary_email",
}
DEFAULT_TOPIC = "balances"  # "mándame un resumen por correo": the accounts' summary, as the card says
QUESTIONS: dict[str, dict[str, str]] = by_language(requests.QUESTIONS)
CHARGES_LOOKED = {"days": 90, "limit": 20}
ENDING_DIGITS = 4  # a card's ending, as the customer writes it alone ("frena la tarjeta 4766")
ONE_WEEK = 7  # a period this short names the charge's day, not a span to look in


def _ask(key: str, language: str, **values: str) -> str:
    return QUESTIONS[language if language in QUESTIONS else "es"][key].format(**values)


def _said(turn: SkillTurn) -> list[Slots]:
    """This turn's words first, then the words they follow (a follow-up completes the earlier request)."""
    return [turn.now, turn.slots] if turn.follow_up else [turn.slots]


def _endings(slots: Slots) -> tuple[str, ...]:
    """The card endings the words name: the cued ones, or four plain digits ("frena la tarjeta 4766"): a card's
    action moves no sum, so four digits written alone there name a card, whether or not it is the customer's."""
    return slots.last4 or tuple(a.said for a in slots.amounts if len(a.said) == ENDING_DIGITS and a.said.isdigit())


def _card(turn: SkillTurn, cards: list[CardLine]) -> str | None:
    """The card the words name: by its ending, by its kind, "the other one", or the only usable one."""
    for at, slots in enumerate(_said(turn)):
        said = _endings(slots)
        endings = [c for c in cards if c.last4 in said]
        if said and (endings or at == 0):  # an earlier ending none has was said so, and is passed by
            return endings[0].product_id if len(endings) == 1 else None
        kinds = {product_type(p.kind) for p in slots.products} & {CREDIT_CARD, DEBIT_CARD}
        if len(kinds) == 1:
            kind = kinds.pop()
            usable = [c for c in cards if c.product_type == kind]
            if slots.other_one:
                usable = [c for c in cards if c.product_type != kind]
            return usable[0].product_id if len(usable) == 1 else None
        if slots.other_one and turn.earlier.get("product_id"):
            rest = [c for c in cards if c.product_id != turn.earlier["product_id"]]
            return rest[0].product_id if len(rest) == 1 else None
    usable = [c for c in cards if c.status in (None, "Active")] or cards
    return usable[0].product_id if len(usable) == 1 else None


def _several(turn: SkillTurn, cards: list[CardLine]) -> list[str]:
    """The cards the words name together: two or more endings, both kinds ("la de débito y la de crédito,
    bloquéamelas"), or "las dos", "ambas", "todas" of several cards."""
    for slots in _said(turn):
        said = _endings(slots)
        endings = [c.product_id for c in cards if c.last4 in said]
        if len(endings) > 1:
            return endings
        if said:
            return []
        kinds = {product_type(p.kind) for p in slots.products}
        by_kind = [[c for c in cards if c.product_type == kind] for kind in (DEBIT_CARD, CREDIT_CARD) if kind in kinds]
        if len(by_kind) > 1 and all(len(each) == 1 for each in by_kind):
            return [each[0].product_id for each in by_kind]
        if slots.both and len(cards) > 1:
            return [c.product_id for c in cards]
    return []


def _repeated(charges: list[ListedCharge]) -> list[ListedCharge]:
    """The later charge of each pair with the same merchant, amount and day (the repeat of a duplicate)."""
    groups: dict[tuple[str | None, Decimal, date], list[ListedCharge]] = {}
    for c in charges:
        groups.setdefault((c.merchant, c.amount, c.date.date()), []).append(c)
    return [max(g, key=lambda c: c.date) for g in groups.values() if len(g) == 2]


def _charge(turn: SkillTurn, charges: list[ListedCharge]) -> str | None:
    """The one recent charge the words name: of the merchant said (the repeat, when it came twice), or the one
    repeated charge when they only say it came twice."""
    for slots in _said(turn):
        named = set(slots.merchants)
        found = [c for c in charges if c.merchant in named]
        amounts = {v for a in slots.amounts for v in a.values}
        if amounts:
            found = [c for c in (found or charges) if any(names_amount(a, c.amount) for a in amounts)] or found
        days = [p for p in slots.periods if p.days <= ONE_WEEK]  # "el del 10 de junio": a day (or a few) named
        if days and found:
            found = [c for c in found if any(p.start <= c.date.date() <= p.end for p in days)]
            if not found:  # "la de havanna del 10 de junio" when Havanna's is of 1 May: listed, never swapped
                return None
        if len(found) == 1:
            return found[0].transaction_id
        repeats = _repeated(found or (charges if slots.duplicate else []))
        if len(repeats) == 1 and (slots.duplicate or found):
            return repeats[0].transaction_id
        if named or amounts:
            return None
    return None


async def _my_cards(turn: SkillTurn) -> ToolOutcome[Result]:
    return await turn.tools.call("my_cards", {})


async def _proposed(turn: SkillTurn, requested: list[dict[str, object]]) -> list[ToolOutcome[Result]]:
    """One card for what is asked; "y también cuando haya un cobro repetido" while the card of an alert waits adds to
    it: the new card (which replaces the one waiting, as the gateway does) carries both."""
    if turn.now.adds and turn.waits:
        waiting = [a for a in turn.earlier.get("actions") or [] if a not in requested]
        requested = [*waiting, *requested]
    return [await turn.tools.call(PROPOSE, {"actions": requested})]


async def _card_action(turn: SkillTurn, action: str) -> list[ToolOutcome[Result]] | str:
    for slots in _said(turn):
        if slots.record_ids:  # an id the customer wrote is proposed as written: the gateway refuses one not theirs
            return await _proposed(turn, [{"action": action, "params": {"product_id": slots.record_ids[0]}}])
    looked = await _my_cards(turn)
    cards = looked.result.cards if isinstance(looked.result, MyCards) else []
    several = _several(turn, cards)
    if several:  # "bloquéenmelas, las dos", "bloqueia a 1430 e a 5410": each card its line, one button
        return await _proposed(turn, [{"action": action, "params": {"product_id": c}} for c in several])
    chosen = _card(turn, cards)
    if chosen:
        return await _proposed(turn, [{"action": action, "params": {"product_id": chosen}}])
    say = QUESTIONS[turn.language if turn.language in QUESTIONS else "es"]
    options = [say["card_option"].format(last4=c.last4) for c in cards]
    listed = ", ".join(options[:-1]) + say["or"] + options[-1] if len(options) > 1 else "".join(options)
    strange = [e for slots in _said(turn)[:1] for e in _endings(slots) if e not in {c.last4 for c in cards}]
    if strange and cards:  # "frena la tarjeta 4766" from one whose only card ends 4433: said, never swapped
        key = "not_your_card" if len(cards) == 1 else "not_your_cards"
        return _ask(key, turn.language, said=strange[0], options=listed, verb=say[f"{action}_verb"])
    if len(cards) > 1:
        return _ask(action, turn.language, options=listed)
    return [looked]


async def _dispute(turn: SkillTurn) -> list[ToolOutcome[Result]]:
    for slots in _said(turn):
        if slots.record_ids:
            return await _proposed(
                turn, [{"action": "open_payment_inquiry", "params": {"transaction_id": slots.record_ids[0]}}]
            )
    looked = await turn.tools.call("recent_charges", dict(CHARGES_LOOKED))
    chosen = _charge(turn, looked.result.charges if isinstance(looked.result, RecentCharges) else [])
    if chosen:
        return await _proposed(turn, [{"action": "open_payment_inquiry", "params": {"transaction_id": chosen}}])
    return [looked]  # the charges listed, and which one is asked


def _first(turn: SkillTurn, name: str) -> str | None:
    for slots in _said(turn):
        value = getattr(slots, name)
        if value:
            return str(value)
    return None


def _threshold(turn: SkillTurn) -> Decimal | None:
    """The amount above which each purchase is told: "compras mayores a 100 mil", or the sum said alone after
    code asked for it ("de 500")."""
    for slots in _said(turn):
        if slots.over is not None:
            return slots.over
        if slots.amounts:
            return slots.amounts[0].value
    return None


async def _purchases(turn: SkillTurn) -> list[ToolOutcome[Result]] | str:
    """An alert of each purchase ("avísame de cada compra"), or of each above the amount said, in the currency said or
    the customer's cards' own; purchases named by their size with no amount ("las compras grandes") ask it."""
    above = _threshold(turn)
    params: dict[str, object] = {"kind": "purchases", "enabled": True}
    if above is None and any(slots.by_their_size for slots in _said(turn)):
        return _ask("purchases_above", turn.language)
    if above is not None:
        latest = _said(turn)[0]  # an amount said now ("100 dólares" after code asked) brings its own currency
        spoken = [latest] if latest.amounts else _said(turn)
        said = [c for slots in spoken for c in slots.currencies if c != "HOME"]  # "dólares"; "pesos" are theirs
        looked = await _my_cards(turn)
        cards = looked.result.cards if isinstance(looked.result, MyCards) else []
        credit_first = sorted(cards, key=lambda c: c.product_type != CREDIT_CARD)
        held = next((c.currency for c in credit_first if c.currency), None)
        if said and held and said[0] not in CURRENCIES:  # "acima de 100 reais": a currency the bank keeps no card in
            return _ask("purchases_above_in", turn.language, currency=held)
        currency = next(iter(said), None) or held
        if currency is None:  # no card, no currency said: their cards (none) are shown
            return [looked]
        params |= {"above": str(above), "currency": currency}
    return await _proposed(turn, [{"action": "set_alert", "params": params}])


async def _alert(turn: SkillTurn) -> list[ToolOutcome[Result]] | str:
    enabled = turn.intent != "alert_off"
    kind = _first(turn, "alert_kind")
    if _first(turn, "alert_not_offered"):  # "de compras en el exterior": said plainly, with the ones the bank has
        return _ask("alert_not_offered", turn.language)
    # "cada vez que haya un consumo de más de 100 lucas": an alert bounded by an amount is of purchases, the only one
    if kind is None and enabled and _first(turn, "over"):
        kind = "purchases"
    if kind == "purchases" and enabled:
        return await _purchases(turn)
    if kind:
        return await _proposed(turn, [{"action": "set_alert", "params": {"kind": kind, "enabled": enabled}}])
    # "desactiva las alertas": every alert off, on one card; "desliga esse alerta" names one, and asks which
    if not enabled and not _first(turn, "that_one"):
        return await _proposed(
            turn, [{"action": "set_alert", "params": {"kind": k, "enabled": False}} for k in ALERT_KINDS]
        )
    return _ask("set_alert", turn.language)


async def act(turn: SkillTurn) -> list[ToolOutcome[Result]] | str:
    """The proposal the words complete, or the one question that completes them."""
    if turn.intent == "list_cards":
        return [await turn.tools.call("my_cards", {})]
    if turn.intent in ("block_card", "cancel_card"):
        return await _card_action(turn, turn.intent)
    if turn.intent == "dispute_charge":
        return await _dispute(turn)
    if turn.intent in ("alert_on", "alert_off"):
        return await _alert(turn)
    if turn.intent == "request_callback":
        window = _first(turn, "window")
        if window:
            return await _proposed(turn, [{"action": "request_callback", "params": {"window": window}}])
        return _ask("request_callback", turn.language)
    topic = _first(turn, "topic") or DEFAULT_TOPIC
    return await _proposed(turn, [{"action": "send_summary_email", "params": {"topic": topic}}])


def _proposal(voice: Voice, proposal: ActionCard) -> str:
    items = voice.lines([i.text for i in proposal.items])
    if proposal.needs_confirmation:
        return voice.say("proposal", items=items, ready=voice.say("ready"))
    return voice.say("nothing_to_confirm", items=items)


def _cards(voice: Voice, cards: list[CardLine]) -> str:
    if not cards:
        return voice.say("no_cards")
    lines = [
        voice.say("card_line", product=voice.product(c.product_type, c.last4), status=voice.word(c.status))
        for c in cards
    ]
    return voice.say("cards", cards=voice.lines(lines))


def _charges(voice: Voice, charges: list[ListedCharge]) -> str:
    if not charges:
        return voice.say("no_charges")
    lines = [
        voice.say(
            "charge_line",
            label=c.label,
            merchant=voice.merchant(c.merchant),
            amount=voice.money(c.amount, c.currency),
            date=voice.date(c.date),
        )
        for c in charges
    ]
    return voice.say("charges", charges=voice.lines(lines))


def answer(outcomes: list[ToolOutcome[Result]], voice: Voice) -> str:
    result = outcomes[-1].result
    if isinstance(result, ActionProposal):
        return _proposal(voice, result.proposal)
    if isinstance(result, MyCards):
        return _cards(voice, result.cards)
    if isinstance(result, RecentCharges):
        return _charges(voice, result.charges)
    return voice.say("unavailable")  # a failed lookup or a refusal: never a "no"
