"""When the customer's words name exactly one catalog action and everything it needs, code can put the
proposal card in front of them (the button is still theirs). Anything unclear returns None: the model asks."""

import re
import unicodedata
from typing import Any

from quipu.domain.texts import by_language, requests
from quipu.domain.vocabulary import CREDIT_CARD, DEBIT_CARD

NEGATED = re.compile(r"\b(no|não|nao|nunca)\s+(me\s+|la\s+|lo\s+|o\s+|a\s+)?(bloque|cancel|activ|ativ|llam|lig)", re.I)
HOW_TO = re.compile(r"\b(c[oó]mo|como|qu[eé] pasa si|o que acontece)\b", re.I)
ID_LIKE = re.compile(r"\b[A-Z]{2,}-[A-Z0-9-]{3,}\b")
LAST4 = re.compile(r"(?<![\d.,])\d{4}(?![\d.,])")
CARD = r"(tarjeta|cart[ãa]o)"
# a lost or stolen card that the customer wants "dada de baja" is blocked now (reversible), not cancelled
STOLEN = r"\b(?:perd\w*|rob(?:aron|ada|ado|o)|extravi\w*|roubad\w*|furtad\w*)\b"
GIVE_UP = r"\b(?:da(?:r|rla|rlo|la|me|mela|n|nme)?|d[eé]n(?:me)?|d[eé]) de baja\b"
LOST = rf"(?:{STOLEN}.{{0,40}}{GIVE_UP}|{GIVE_UP}.{{0,40}}{STOLEN})"
# a card the customer says is lost is a card to block (a button still confirms); theft is investigated first
MISSING_CARD = (r"(?:\b(?:perd\w*|extravi\w*)\s+(?:\w+\s+){0,2}(?:tarjeta|cart[ãa]o)\b|"
                r"\b(?:tarjeta|cart[ãa]o)\s+(?:\w+\s+){0,2}(?:perdid[oa]|extraviad[oa])\b)")
# the customer asks for their money back ("que me regresen el dinero", "quero meu dinheiro de volta"): a claim on
# the charge; "¿ya me devolvieron lo de Amazon?" asks what became of it, and "que me regresen la llamada" is a call
REFUND = (r"\bque me (regresen|devuelvan|reembolsen|reintegren|repongan|devolvam|reembolsem|estornem)\b"
          r"(?!\s+(la\s+|a\s+)?(llamada|liga[çc][ãa]o))|\b(regresen|devuelvan|devolvam|reembolsen)me\b|"
          r"\b(quiero|quero|necesito|preciso|pido|queria|quisiera|solicito)\s+(\w+\s+){0,2}(reembolso|estorno|reintegro|"
          r"(mi|el|la|meu|o) (dinero|plata|lana|dinheiro|grana) de (vuelta|volta))\b")
INTENTS = (
    # "cancelá 15.000 de la tarjeta", "cancelar el saldo de la tarjeta" pay it (Argentina, Colombia), not cancel it
    ("cancel_card", re.compile(rf"\bcancel\w*\b(?!\s+(?:el |la |mi )?(?:saldo|deuda|total|\$?\s*\d)).*\b{CARD}|\b{CARD}\b.*\bcancel\w*|^(?!.*{LOST}).*{GIVE_UP}", re.I)),
    ("block_card", re.compile(rf"\bbloque(a|ar|e|ie|ia|ei|ala|alo|ame|en|n)?\b|\bbloqueie\b|\bcongel\w*|{LOST}|{MISSING_CARD}", re.I)),
    ("set_alert", re.compile(r"\balertas?\b|\bav[ií]s(ame|enme|e|en)\b|\bme avis(a|e|en|es|em)\b|\bnotif[ií]ca(me|r)?\b|"
                             r"\bme notifi(que|quen|quem)\b|\bquero ser avisad[oa]\b", re.I)),
    ("request_callback", re.compile(r"ll[aá]m(en|ame|arme|ar|enme)\b|me liguem|\bliga[çc][ãa]o\b|\bme ligu?e\b|\bme liga\b|"
                                    r"\b(devuelv|regres|retorn)\w*\s+(la\s+|a\s+)?(llamada|liga[çc][ãa]o)|\bme\s+llamen?\b", re.I)),
    ("send_summary_email", re.compile(
        r"\b(resumen|resumo)\b.*\b(correo|e-?mail|mail)\b|\b(correo|e-?mail|mail)\b.*\b(resumen|resumo)\b", re.I)),
    ("open_payment_inquiry", re.compile(
        r"aclaraci[oó]n|contesta[çc][ãa]o|\bdisput(a|ar|e|o)\b|\bimpugn\w*|\bdesconocer (el|ese|este) cargo|"
        r"\bcontest(ar|a|o|e|em)\s+(a|o|essa|esse|esta|este|uma|um|aquela|aquele)?\s*(cobran|compra|lan[cç]amento|d[eé]bito)|"
        rf"{REFUND}",
        re.I)),
)
DUPLICATE = re.compile(r"duplic|repetid|dobrad|dos veces|duas vezes|doble|cobrad[oa]s? 2|\biguai?s\b|\biguales\b|\b2x\b")
ALERT_KINDS = (("duplicate_charge", r"duplic|repetid|dos veces|duas vezes"), ("payment_due", r"pago|vencim|pagamento|venc(e|en|er|endo|ida|ido)\b|venz(a|an)\b|fatura|fecha de pago"))
WINDOWS = (("morning", r"ma[ñn]ana|manh[ãa]"), ("afternoon", r"\btarde\b"), ("evening", r"noche|noite"))
TOPICS = (
    ("balances", r"saldo|\bcuentas?\b|\bcontas?\b|dinero|dinheiro|\btengo\b|\btenho\b"),
    ("payment_status", r"pago|pagamento|vencim|deuda|d[ií]vida|fatura|\bdebo\b|\bdevo\b"),
)
DEFAULT_TOPIC = "balances"  # "mándame un resumen por correo": the summary of the accounts, as the card will say


def _topic(text: str) -> str | None:
    """The summary the words ask for; none named is the accounts' summary; both named is a question."""
    named = [value for value, pattern in TOPICS if re.search(pattern, text, re.I)]
    return named[0] if len(named) == 1 else (DEFAULT_TOPIC if not named else None)


def _pick(options: tuple[tuple[str, str], ...], text: str) -> str | None:
    found = [value for value, pattern in options if re.search(pattern, text, re.I)]
    return found[0] if len(found) == 1 else None


CARD_KINDS = ((DEBIT_CARD, r"d[eé]bito"), (CREDIT_CARD, r"cr[eé]dito"))


def fold(text: str) -> str:
    """Accents off, so "bloquéala" reads as "bloqueala"."""
    return "".join(c for c in unicodedata.normalize("NFKD", text or "") if not unicodedata.combining(c))


# "esa no, la otra", "não, o outro": the card that is not the one the earlier words named
OTHER_ONE = re.compile(r"\b(la otra|el otro|a outra|o outro|esa no|essa n[aã]o|no,? esa|n[aã]o,? essa)\b", re.I)


def _card(text: str, cards: list[dict[str, Any]]) -> str | None:
    other = list(OTHER_ONE.finditer(text))
    after = text[other[-1].end() :] if other else ""
    if other and not LAST4.search(after) and not any(re.search(p, after, re.I) for _, p in CARD_KINDS):
        # "y el otro? bloquea la de crédito": a card named after "the other" is the one meant
        earlier = _card(text[: other[0].start()], cards)
        rest = [c for c in cards if c.get("product_id") != earlier]
        return rest[0]["product_id"] if earlier and len(rest) == 1 else None
    named = set(LAST4.findall(text))
    if named:
        matches = [c for c in cards if c.get("last4") in named]
        return matches[0]["product_id"] if len(matches) == 1 and len(named) == 1 else None
    kinds = {kind for kind, pattern in CARD_KINDS if re.search(pattern, text, re.I)}
    usable = [c for c in cards if c.get("status") in (None, "Active")] or cards
    if len(kinds) == 1:
        usable = [c for c in usable if c.get("product_type") in kinds]
    return usable[0]["product_id"] if len(usable) == 1 else None


def _charge(text: str, charges: list[dict[str, Any]]) -> str | None:
    """The one recent charge of the merchant the customer named."""
    said = text.casefold()
    named = {
        c["merchant"]
        for c in charges
        if c.get("merchant")
        and (c["merchant"].casefold() in said or c["merchant"].split()[0].casefold() in said.split())
    }
    found = [c for c in charges if c.get("merchant") in named]
    if not named and DUPLICATE.search(fold(said)):  # "the charge that came twice", no merchant said: the one pair
        pairs = _repeated(charges)
        return pairs[0] if len(pairs) == 1 else None
    if len(named) == 1 and len(found) == 2 and DUPLICATE.search(fold(said)) and _same_amount(found):
        later: str = max(found, key=lambda c: str(c.get("date") or ""))["transaction_id"]  # the repeat is the later one
        return later
    return str(found[0]["transaction_id"]) if len(named) == 1 and len(found) == 1 else None


def _repeated(charges: list[dict[str, Any]]) -> list[str]:
    """The later charge of each pair with the same merchant, amount and day (the repeat of a duplicate)."""
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for c in charges:
        key = (str(c.get("merchant")), str(c.get("amount")), str(c.get("date") or "")[:10])
        groups.setdefault(key, []).append(c)
    return [
        str(max(g, key=lambda c: str(c.get("date") or ""))["transaction_id"]) for g in groups.values() if len(g) == 2
    ]


def _same_amount(charges: list[dict[str, Any]]) -> bool:
    return len({str(c.get("amount")) for c in charges}) == 1


def _asks(text: str) -> bool:
    return bool(text) and not NEGATED.search(text) and not HOW_TO.search(text)


def _named(text: str) -> list[str]:
    folded = fold(text)
    return [action for action, pattern in INTENTS if pattern.search(folded)]


ID_TAKERS = {"block_card": "product_id", "cancel_card": "product_id", "open_payment_inquiry": "transaction_id"}


def _one_action(text: str) -> str | None:
    """The single catalog action the words ask for; None when there are none, several, or an id written for
    an action that takes none (or several ids)."""
    if not _asks(text):
        return None
    named = _named(text)
    action = named[0] if len(named) == 1 else None
    ids = ID_LIKE.findall(text)
    if ids and (action not in ID_TAKERS or len(ids) > 1):
        return None
    return action


def _written_id(text: str) -> str | None:
    """The one record id the customer wrote ("bloquea la PRD-..."); the policy decides whether it is theirs."""
    ids = ID_LIKE.findall(text)
    return ids[0] if len(ids) == 1 else None


def plain_request(
    text: str, cards: list[dict[str, Any]] | None = None, charges: list[dict[str, Any]] | None = None
) -> dict[str, Any] | None:
    """{"action", "params"} when the words name one action completely; None otherwise."""
    action = _one_action(text)
    if action is None:
        return None
    written = _written_id(text)
    if written:  # an id the customer wrote is proposed as written: the gateway refuses one that is not theirs
        return {"action": action, "params": {ID_TAKERS[action]: written}}
    if action in ("block_card", "cancel_card"):
        product_id = _card(text, cards or [])
        return {"action": action, "params": {"product_id": product_id}} if product_id else None
    if action == "set_alert":
        kind = _pick(ALERT_KINDS, text)
        return {"action": action, "params": {"kind": kind, "enabled": True}} if kind else None
    if action == "open_payment_inquiry":
        transaction_id = _charge(text, charges or [])
        return {"action": action, "params": {"transaction_id": transaction_id}} if transaction_id else None
    if action == "request_callback":
        window = _pick(WINDOWS, text)
        return {"action": action, "params": {"window": window}} if window else None
    topic = _topic(text)
    return {"action": action, "params": {"topic": topic}} if topic else None


def lookups_needed(text: str) -> set[str]:
    """Which of the customer's records the request needs: cards, recent charges, or neither."""
    wanted = set(_named(text))
    return ({"cards"} if wanted & {"block_card", "cancel_card"} else set()) | (
        {"charges"} if "open_payment_inquiry" in wanted else set()
    )


QUESTIONS: dict[str, dict[str, str]] = by_language(requests.QUESTIONS)


def clarifying_question(text: str, cards: list[dict[str, Any]] | None, language: str) -> str | None:
    """The one thing missing from a request that names an action, asked by code in the customer's language."""
    action = _one_action(text)
    if action is None:
        return None
    say = QUESTIONS[language if language in QUESTIONS else "es"]
    if action in ("block_card", "cancel_card") and cards and len(cards) > 1 and not LAST4.search(text):
        options = [say["card_option"].format(last4=c["last4"]) for c in cards]
        return say[action].format(options=", ".join(options[:-1]) + say["or"] + options[-1])
    if action == "set_alert" and _pick(ALERT_KINDS, text) is None:
        return say["set_alert"]
    if action == "request_callback" and _pick(WINDOWS, text) is None:
        return say["request_callback"]
    if action == "send_summary_email" and _topic(text) is None:
        return say["send_summary_email"]
    return None


POINTS_BACK = re.compile(
    r"\b(ese|esa|esos|esas|este|esta|esse|essa|esses|essas|dicho|dicha|aquel|aquela?|mesmo|mesma)\s+"
    r"(cargos?|cobros?|compras?|cobran[çc]as?|movimientos?|transacci[oó]n|pagos?|d[eé]bitos?|lan[çc]amentos?)\b",
    re.I,
)


def points_back(text: str) -> bool:
    """The words point at a charge the conversation already named ("una aclaración de ese cargo")."""
    return bool(POINTS_BACK.search(fold(text)))


def completes_a_request(text: str) -> bool:
    """The words give a detail a request waits for: a card (its kind, its ending, "the other one"), a call
    window, an alert kind, or a summary's topic ("la de crédito", "à tarde", "a de 4100")."""
    details = (*CARD_KINDS, *WINDOWS, *ALERT_KINDS, *TOPICS)
    return bool(LAST4.search(text) or OTHER_ONE.search(text)) or any(re.search(p, text, re.I) for _, p in details)


def names_an_action(text: str) -> bool:
    """The words ask for one catalog action (not a question about how, not a refusal)."""
    return _asks(text) and bool(_named(text))


def asks_for_a_call(text: str) -> bool:
    """The words ask the bank to call them back ("que un asesor me devuelva la llamada"): a callback, not a chat
    hand-off, even though they name a person."""
    return bool(dict(INTENTS)["request_callback"].search(text or "")) and not NEGATED.search(text or "")
