"""What a plain money request says, read by code: the service to pay, the amount, and which of the
customer's own products the money leaves from and goes to ("de mi ahorro a mi corriente")."""

import re

SERVICES = (
    ("luz", r"\bluz\b|electricidad|energ[ií]a"),
    ("agua", r"\b[aá]gua\b"),
    ("internet", r"internet|fibra|wifi"),
    ("telefono", r"tel[eé]fono|celular|telefone"),
    ("cable", r"\bcable\b|\btv\b"),
)
PRODUCTS = (
    ("Cuenta Ahorro", r"ahorro|poupan[çc]a"),
    ("Cuenta Corriente", r"corriente|cheques|corrente"),
    ("Tarjeta Crédito", r"tarjeta|cart[ãa]o"),
    ("Préstamo Personal", r"pr[ée]stamo|empr[ée]stimo"),
)
FROM = r"\b(de|desde|da|do|del)\s+(mi|mis|la|el|minha|meu|a|o)?\s*(cuenta\s+(de\s+)?|conta\s+)?$"
TO = r"\b(a|al|hacia|para|pra|pro|en|na|no)\s+(mi|mis|la|el|minha|meu|a|o)?\s*(cuenta\s+(de\s+)?|conta\s+)?$"
PAY = r"\b(paga|pagar|pague|pago|pagame|p[aá]game|quita|abona|abonar|liquida|liquidar)\b"


def service_named(text: str) -> str | None:
    found = [name for name, pattern in SERVICES if re.search(pattern, text or "", re.IGNORECASE)]
    return found[0] if len(found) == 1 else None


def _roles(text: str) -> dict[str, str]:
    """Each product type named, as origin or destination by the word before it."""
    roles: dict[str, str] = {}
    for kind, pattern in PRODUCTS:
        for match in re.finditer(pattern, text, re.IGNORECASE):
            before = text[max(0, match.start() - 30) : match.start()].lower()
            if re.search(TO, before):
                roles.setdefault("to", kind)
            elif re.search(FROM, before):
                roles.setdefault("from", kind)
    return roles


def plain_transfer(text: str) -> dict | None:
    """propose_transfer's arguments when the words give one amount and where it goes among own products."""
    written = [t.rstrip(".,") for t in re.findall(r"\d[\d.,]*", text or "") if len(re.sub(r"\D", "", t)) <= 9]
    roles = _roles(text or "")
    if len(written) != 1 or "to" not in roles:
        return None
    to_kind = roles["to"]
    kind = "pay_debt" if to_kind in ("Tarjeta Crédito", "Préstamo Personal") else "own_accounts"
    arguments = {"kind": kind, "amount": written[0], "to_type": to_kind}
    if "from" in roles:
        arguments["from_type"] = roles["from"]
    return arguments


def plain_bill(text: str) -> dict | None:
    """propose_service_payment's arguments when the words ask to pay one named service."""
    service = service_named(text)
    return {"service": service} if service and re.search(PAY, text or "", re.IGNORECASE) else None
