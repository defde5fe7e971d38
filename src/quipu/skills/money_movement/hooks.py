"""Money movement: code prepares the card the words ask for (the amount, where it leaves from and where it goes,
or the bill), asks for the one missing detail, and answers with the card, the question or the reason. What the
words say is the reading's: amounts in the customer's locale, their own products with the role the words give,
an account number only after an account cue, the service of a bill."""

from quipu.application.results import Result
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.turn import SkillTurn
from quipu.application.skills.voice import Voice
from quipu.domain.reading.model import Amount, Product, Slots
from quipu.domain.reading.products import ACCOUNT_KINDS, DEBT_KINDS, product_type
from quipu.skills.money_movement.replies import answer

__all__ = ["act", "answer"]

PROPOSALS = ("propose_transfer", "propose_service_payment")


def _said(turn: SkillTurn) -> list[Slots]:
    """This turn's words first, then the words they follow."""
    return [turn.now, turn.slots] if turn.follow_up else [turn.slots]


def _amount(turn: SkillTurn) -> Amount | None:
    for slots in _said(turn):
        if len(slots.amounts) == 1:
            return _in_its_scale(slots.amounts[0], turn)
        if slots.amounts:
            return None  # two amounts: which one is meant is the customer's to say
        if slots.settles:
            return None  # "no, mejor solo el mínimo": settled by the records, not by the amount said before
    return None


def _in_its_scale(amount: Amount, turn: SkillTurn) -> Amount:
    """ "muévame 200 lucas…" then "uy no, que sean 250": read with the words it corrects, the bare number is in their
    scale (250 lucas); alone it is 250."""
    joined = turn.slots.amounts[-1:] if turn.follow_up else ()
    return joined[0] if joined and joined[0].said.startswith(f"{amount.said} ") else amount


def _settles(turn: SkillTurn) -> str | None:
    """ "liquídala", "o valor total", "el mínimo": a debt paid by what the records say it owes, never a figure of
    the words (an amount said wins)."""
    for slots in _said(turn):
        if slots.amounts:
            return None
        if slots.settles:
            return slots.settles
    return None


def _debt_kind(product: Product) -> str | None:
    """A card named as something to pay is the credit card; a loan is the loan."""
    return "credit_card" if product.kind == "card" else product.kind if product.kind in DEBT_KINDS else None


def _roles(slots: Slots, paying: bool) -> dict[str, str]:
    """Where the money leaves from and where it goes, by kind: "de mi ahorro a mi corriente"; paying a card or a
    loan names where it goes even without "a" ("paga 500 de la tarjeta")."""
    roles: dict[str, str] = {}
    for product in slots.products:
        if product.currency and product.role in ("from", "to"):  # "con lo de la cuenta de dólares"
            roles.setdefault(f"{product.role}_currency", product.currency)
        # money sent "a la tarjeta" or "al préstamo" pays it, whichever verb sent it ("pasá 30 lucas a la tarjeta")
        debt = _debt_kind(product) if paying or product.role == "to" else None
        kind = debt or product.kind  # paying, a card or a loan is what is paid ("80 lucas de la tarjeta")
        if kind is None or kind in ("account", "card") or product_type(kind) is None:
            continue
        if debt:
            roles.setdefault("to", kind)
        elif product.role in ("from", "to"):
            roles.setdefault(product.role, kind)
            if product.last4:  # "de mi cuenta 4000000033": which of two accounts of one kind
                roles.setdefault(f"{product.role}_last4", product.last4)
    return roles


def _transfer_arguments(turn: SkillTurn) -> dict[str, object]:
    """propose_transfer's arguments from the reading; a follow-up changes only what it says ("mejor 200", "de
    la corriente", "al revés") and keeps the rest of the request it corrects."""
    paying = turn.intent == "pay_debt"
    arguments: dict[str, object] = dict(turn.earlier) if turn.follow_up and turn.earlier.get("kind") else {}
    amount = _amount(turn)
    if amount is not None:
        arguments["amount"] = amount.plain
        arguments.pop("settle", None)
    elif paying or arguments.get("kind") == "pay_debt":
        settles = _settles(turn)
        if settles:
            arguments["settle"] = settles
            arguments.pop("amount", None)  # "no, mejor solo el mínimo": the amount it corrects goes
    roles: dict[str, str] = {}
    for slots in reversed(_said(turn)):  # the words said now win over the earlier ones
        roles |= _roles(slots, paying or arguments.get("kind") == "pay_debt")
    if turn.follow_up and turn.now.reversed and arguments.get("from_type") and arguments.get("to_type"):
        arguments["from_type"], arguments["to_type"] = arguments["to_type"], arguments["from_type"]
    elif roles:
        for role in ("from", "to"):
            if role in roles or f"{role}_currency" in roles:
                for named in ("type", "last4", "currency"):
                    arguments.pop(f"{role}_{named}", None)
            if role in roles:
                arguments[f"{role}_type"] = product_type(roles[role])
            for named in ("last4", "currency"):
                if roles.get(f"{role}_{named}"):
                    arguments[f"{role}_{named}"] = roles[f"{role}_{named}"]
    accounts = [a for slots in _said(turn) for a in slots.accounts]
    # "manda 300 pro cliente DEMO-MX-RECIBE": another customer named by their id; code checks who it is
    recipients = [r for slots in _said(turn) for r in slots.record_ids]
    if accounts:
        arguments |= {"kind": "third_party", "to_account_number": accounts[0]}
        arguments.pop("to_type", None)
        arguments.pop("to_customer_id", None)
    elif recipients and turn.intent == "transfer":
        arguments |= {"kind": "third_party", "to_customer_id": recipients[0]}
        arguments.pop("to_type", None)
        arguments.pop("to_account_number", None)
    elif arguments.get("to_type"):
        debt = arguments["to_type"] in {product_type(k) for k in DEBT_KINDS}
        arguments["kind"] = "pay_debt" if debt else "own_accounts"
    elif paying:  # "quiero pagar el resumen": a debt, which one the records say (or code asks among them)
        arguments.setdefault("kind", "pay_debt")
    destination = arguments.get("to_account_number") or arguments.get("to_customer_id") or arguments.get("to_type")
    if turn.follow_up and destination and "from_type" not in arguments:
        # "usa la corriente" after "¿desde qué cuenta?": the one account named without a role is the source
        unroled = [p for p in turn.now.products if p.role is None and p.kind in ACCOUNT_KINDS]
        if len(unroled) == 1:
            arguments["from_type"] = product_type(unroled[0].kind)
            if unroled[0].last4:
                arguments["from_last4"] = unroled[0].last4
    if "from_type" not in arguments:
        arguments |= _pointed_source(turn)  # "pásale 2500 de esa a la corriente" after its balance
    if arguments.get("from_type") == arguments.get("to_type") and arguments.get("from_last4") == arguments.get(
        "to_last4"
    ):
        arguments.pop("from_type", None)
    if arguments.get("kind") in ("own_accounts", "third_party"):
        arguments.pop("settle", None)  # only a debt is settled by what it owes
    return arguments


def _missing(arguments: dict[str, object]) -> str | None:
    if "amount" not in arguments and not (arguments.get("settle") and arguments.get("kind") == "pay_debt"):
        return "amount" if arguments.get("kind") else "destination"
    return None if arguments.get("kind") else "destination"


def _service(turn: SkillTurn) -> list[str]:
    for slots in _said(turn):
        if slots.services:
            return list(slots.services)
    earlier = turn.earlier.get("service")
    return [earlier] if turn.follow_up and earlier else []


def _origin(turn: SkillTurn) -> dict[str, str]:
    """Where a bill is paid from: an account of the customer's, whatever role the words give it (a bill goes nowhere
    else: "con la que termina en 0022" after "¿desde qué cuenta?", "cárgalo a mi cuenta de ahorro"), or the one
    the request said before."""
    for slots in _said(turn):
        for product in slots.products:
            if (product.kind in ACCOUNT_KINDS or product.currency) and not slots.same_one:
                money = {"from_currency": product.currency} if product.currency else {}  # "con la de dólares"
                return (_source(product) if product.kind in ACCOUNT_KINDS else {}) | money
    # "paga el agua desde esa misma cuenta": the source of the request before, named as the same
    same = turn.follow_up or any(slots.same_one for slots in _said(turn))
    earlier = turn.earlier.get("from_type") if same else None
    return {"from_type": earlier} if earlier else _pointed_source(turn)


def _pointed_source(turn: SkillTurn) -> dict[str, str]:
    """ "me paga el cable desde esa cuenta", "pagueme el mínimo desde ahí" after a balance was asked: the one account
    the conversation's last request named (the one it sent from, of two) is where the money leaves from."""
    accounts = [p for p in turn.pointed_at if p.kind in ACCOUNT_KINDS]
    sources = [p for p in accounts if p.role == "from"] or accounts
    if len({(p.kind, p.last4) for p in sources}) != 1:
        return {}  # none, or two the words do not choose between: code asks
    return _source(sources[0])


def _source(account: Product) -> dict[str, str]:
    """An account of the customer's as where money leaves from: its type, and its ending when the words gave one."""
    return {"from_type": str(product_type(account.kind))} | ({"from_last4": account.last4} if account.last4 else {})


async def _bills(turn: SkillTurn) -> list[ToolOutcome[Result]]:
    services = _service(turn)
    if not services:
        return [await turn.tools.call("list_service_bills", {})]
    origins = _origins_in_turn(turn, len(services)) or [_origin(turn)] * len(services)
    outcomes = []
    for service, origin in zip(services, origins, strict=True):  # "paga la luz y el agua": each bill its card
        arguments = {"service": service} | origin
        outcomes.append(await turn.tools.call("propose_service_payment", arguments))
    return outcomes


def _origins_in_turn(turn: SkillTurn, bills: int) -> list[dict[str, str]]:
    """ "paga la luz con la de cheques y el agua con la de ahorro": as many accounts named as bills, each in its turn,
    pay the bill named before it; else one origin pays them all."""
    accounts = [p for p in turn.now.products if p.kind in ACCOUNT_KINDS and p.role == "from"]
    if bills < 2 or len(accounts) != bills:
        return []
    return [_source(p) for p in accounts]


async def act(turn: SkillTurn) -> list[ToolOutcome[Result]] | str:
    """The card the words ask for, or the one question that completes them."""
    if turn.intent == "list_bills":
        return [await turn.tools.call("list_service_bills", {})]
    if (
        turn.intent == "pay_bill"
        or _a_bill_named(turn)
        or (turn.follow_up and turn.earlier.get("service") and not _amount(turn))
    ):
        return await _bills(turn)
    arguments = _transfer_arguments(turn)
    missing = _missing(arguments)
    if missing:  # "quiero pagar la tarjeta": how much, with the two the records can settle named
        paying = missing == "amount" and arguments.get("kind") == "pay_debt"
        return Voice("money_movement", turn.language).say("ask_payment" if paying else f"ask_{missing}")
    return [await turn.tools.call("propose_transfer", arguments)]


def _a_bill_named(turn: SkillTurn) -> bool:
    """ "paga a fatura da luz", "Pague a fatura da internet… com a minha conta 1000": a debt's payment whose words
    name a service's bill and none of the customer's cards or loans pays that bill."""
    s = turn.now
    debts = [p for p in s.products if p.kind in DEBT_KINDS]
    return turn.intent == "pay_debt" and bool(s.services) and not debts and not s.last4
