"""What a plain money request says, read by code: the service to pay, the amount, and which of the
customer's own products the money leaves from and goes to ("de mi ahorro a mi corriente")."""

import re

from quipu.domain.money import spelled_out
from quipu.domain.routing import BILL_OWED, COUNTED
from quipu.domain.vocabulary import CHECKING, CREDIT_CARD, PERSONAL_LOAN, SAVINGS

SERVICES = (
    ("luz", r"\bluz\b|electricidad|energ[ií]a"),
    ("agua", r"\b[aá]gua\b"),
    ("internet", r"internet|fibra|wifi"),
    ("telefono", r"tel[eé]fono|celular|telefone"),
    ("cable", r"\bcable\b|\btv\b"),
)
PRODUCTS = (
    (SAVINGS, r"ahorro|poupan[çc]a"),
    (CHECKING, r"corriente|cheques|corrente"),
    (CREDIT_CARD, r"tarjeta|cart[ãa]o|fatura"),
    (PERSONAL_LOAN, r"pr[ée]stamo|empr[ée]stimo"),
)
# "a la de cheques", "de la de ahorro": the product's kind after "la de", "a da"
FROM = r"\b(de|desde|da|do|del|con|com)\s+(mi|mis|la|el|minha|meu|a|o)?\s*(cuenta\s+(de\s+)?|conta\s+|d[ea]\s+)?$"
TO = r"\b(a|al|hacia|para|pra|pro|en|na|no)\s+(mi|mis|la|el|minha|meu|a|o)?\s*(cuenta\s+(de\s+)?|conta\s+|d[ea]\s+)?$"
PAY = (r"\b(pag[aá]|pagar|pague|pago|pagame|p[aá]game|p[aá]gale|pagarle|quita|quitar|quite|abona|abonar|ab[oó]nale|abonarle|liquida|liquidar|"
       rf"cancel[aá]r?(?=\s+\$?\s*\d{COUNTED}))\b")


def service_named(text: str) -> str | None:
    found = [name for name, pattern in SERVICES if re.search(pattern, text or "", re.IGNORECASE)]
    return found[0] if len(found) == 1 else None


DEBTS = (CREDIT_CARD, PERSONAL_LOAN)
# "con mi ahorro", "com a poupança": the account that pays; "paga 40 do cartão": the debt that is paid
WITH = r"\b(con|com)\s+(mi|mis|la|el|minha|meu|a|o)?\s*(cuenta\s+(de\s+)?|conta\s+|d[ea]\s+)?$"
OF_THE_DEBT = r"\b(de|do|da|del)\s+(mi|la|el|minha|meu|a|o)?\s*$"


def _roles(text: str) -> dict[str, str]:
    """Each product type named, as origin or destination by the word before it."""
    roles: dict[str, str] = {}
    paying = re.search(PAY, text, re.IGNORECASE)
    for kind, pattern in PRODUCTS:
        for match in re.finditer(pattern, text, re.IGNORECASE):
            before = text[max(0, match.start() - 30) : match.start()].lower()
            if re.search(WITH, before):
                roles.setdefault("from", kind)
            elif re.search(TO, before) or (paying and kind in DEBTS and re.search(OF_THE_DEBT, before)):
                roles.setdefault("to", kind)
            elif re.search(FROM, before):
                roles.setdefault("from", kind)
    return roles


ACCOUNT_NUMBER = re.compile(r"(?<![\d.,])\d{10,20}(?![\d.,])")


def _amounts(text: str) -> list[str]:
    return [t.rstrip(".,") for t in re.findall(r"\d[\d.,]*", spelled_out(text)) if len(re.sub(r"\D", "", t)) <= 9]


def plain_transfer(text: str) -> dict | None:
    """propose_transfer's arguments when the words give one amount and where it goes: one of the customer's
    own products, a debt they ask to pay ("pagá 10.000 de la tarjeta"), or an account number they write."""
    written, roles = _amounts(text), _roles(text or "")
    if len(written) != 1:
        return None
    to_kind = roles.get("to")
    if to_kind is None and re.search(PAY, text or "", re.IGNORECASE):
        named = [kind for kind in DEBTS if re.search(dict(PRODUCTS)[kind], text, re.IGNORECASE)]
        to_kind = named[0] if len(named) == 1 else None  # paying the one debt named: it receives
    numbers = ACCOUNT_NUMBER.findall(text or "")
    if to_kind is None and len(numbers) == 1:
        arguments = {"kind": "third_party", "amount": written[0], "to_account_number": numbers[0]}
    elif to_kind is None:
        return None
    else:
        kind = "pay_debt" if to_kind in DEBTS else "own_accounts"
        arguments = {"kind": kind, "amount": written[0], "to_type": to_kind}
    if roles.get("from") and roles["from"] != to_kind:
        arguments["from_type"] = roles["from"]
    return arguments


def debt_without_amount(text: str) -> bool:
    """The words ask to pay the one debt they name (a card, a loan) and give no amount: code asks how much."""
    if _amounts(text) or not re.search(PAY, text or "", re.IGNORECASE) or service_named(text):
        return False
    named = [kind for kind in DEBTS if re.search(dict(PRODUCTS)[kind], text, re.IGNORECASE)]
    return len(named) == 1


PENDING_BILLS = re.compile(
    r"\b(recibos?|facturas?|boletos?|contas?|cuentas?|servicios?|servi[çc]os?)\s+(\w+\s+){0,2}"
    r"(pendientes?|pendentes?|por pagar|a pagar|para pagar|pra pagar|que pagar|sin pagar|em aberto|vencid[oa]s?)\b",
    re.IGNORECASE,
)


def asks_for_bills(text: str) -> bool:
    """The words ask which bills are waiting to be paid, or what a service's bill comes to ("¿cuánto debo de
    luz?"), and name no one service to pay now."""
    asked = PENDING_BILLS.search(text or "") or BILL_OWED.search((text or "").lower())
    return bool(asked) and plain_bill(text) is None


def plain_bill(text: str) -> dict | None:
    """propose_service_payment's arguments when the words ask to pay one named service."""
    service = service_named(text)
    if not service or not re.search(PAY, text or "", re.IGNORECASE):
        return None
    origin = _roles(text).get("from")
    return {"service": service, "from_type": origin} if origin not in (None, *DEBTS) else {"service": service}


BILL_WORDS = re.compile(r"servicio|servi[çc]o|recibo|factura|boleto|conta de|cuenta de (luz|agua|gas)", re.IGNORECASE)


def missing_detail(text: str) -> str | None:
    """What a plain request to send money still needs, when it names no bill: "destination" when it says
    neither where nor how much ("quiero hacer una transferencia"), or only how much, to nobody the bank can
    find ("manda 500 a mi hermana"); "amount" when it says only where."""
    if service_named(text) or PENDING_BILLS.search(text or "") or BILL_WORDS.search(text or ""):
        return None  # a bill to choose: the bills are listed (the model's step or code's fallback)
    written = _amounts(text)
    if written:  # how much is said; a second amount is the model's to read
        return "destination" if len(written) == 1 and plain_transfer(text) is None else None
    if _roles(text or "").get("to") or ACCOUNT_NUMBER.search(text or "") or debt_without_amount(text):
        return "amount"
    return "destination"


def amount_corrected(text: str, latest: str) -> str:
    """A follow-up that only changes the amount ("mejor que sean 150", "melhor 40") keeps the request it corrects:
    the earlier words with the new amount; anything else is read as it was said."""
    earlier = text[: -len(latest)].strip() if latest and text.endswith(latest) and text != latest else ""
    earlier, latest = spelled_out(earlier), spelled_out(latest)
    said, before = _amounts(latest), _amounts(earlier)
    names_more = any(re.search(pattern, latest, re.IGNORECASE) for _, pattern in (*PRODUCTS, *SERVICES))
    if len(said) != 1 or len(before) != 1 or names_more or ACCOUNT_NUMBER.search(latest):
        return text
    return earlier.replace(before[0], said[0], 1)


REVERSED = re.compile(r"al rev[eé]s|al contrario|ao contr[aá]rio|invertid[oa]|del otro lado", re.IGNORECASE)


def accounts_corrected(latest: str, earlier: dict) -> dict | None:
    """A follow-up that only changes where the money goes ("mejor al revés", "no, de la corriente al ahorro")
    keeps the amount of the transfer it corrects; None when it says an amount or names no account. To another
    person's account only the origin can change ("de la de ahorro", answering "¿desde qué cuenta?")."""
    if _amounts(latest) or not earlier.get("amount"):
        return None
    if earlier.get("kind") == "third_party":
        origin = _roles(latest).get("from")
        if origin in (None, *DEBTS):
            return None
        return {key: value for key, value in earlier.items() if key != "from_last4"} | {"from_type": origin}
    if earlier.get("kind") not in ("own_accounts", "pay_debt"):
        return None
    roles, moved = _roles(latest), dict(earlier)
    if not roles and REVERSED.search(latest) and earlier.get("from_type") and earlier.get("to_type"):
        roles = {"from": earlier["to_type"], "to": earlier["from_type"]}
    if not roles or roles.get("from") == roles.get("to"):
        return None
    for role in ("from", "to"):
        if role in roles:
            moved[f"{role}_type"] = roles[role]
            moved.pop(f"{role}_last4", None)
    moved["kind"] = "pay_debt" if moved.get("to_type") in DEBTS else "own_accounts"
    return moved


def bill_followed_up(latest: str, earlier: dict) -> dict | None:
    """A follow-up to a bill: the one service it names to pay ("paga el de la luz" after the bills were listed),
    or the account to pay the bill just proposed from ("con el ahorro")."""
    named = plain_bill(latest)
    if named:
        return named
    origin = _roles(latest).get("from")
    if earlier.get("service") and not service_named(latest) and not _amounts(latest) and origin not in (None, *DEBTS):
        return {"service": earlier["service"], "from_type": origin}
    return None
