"""Words that are plainly outside what the assistant does ("¿a qué hora abren las sucursales?", "recomiéndame una
película"): code answers with what it can do, in the customer's language, without asking a model.

The reading declines when unsure: any word of banking, money, a merchant, a category, a currency or a figure
leaves the message to the router, and only the bank's own topics that no skill serves count as out of scope."""

import re

from quipu.domain.dataset import AS_OF
from quipu.domain.evidence import fold
from quipu.domain.lookup_words import CATEGORY_WORDS, CURRENCY_WORDS, MERCHANTS
from quipu.domain.periods import periods_in

# stems of the customer's banking words in Spanish and Portuguese (accents off, lower case)
BANKING = (
    "banc", "tarjet", "cartao", "cartoe", "saldo", "dinero", "plata", "lana", "feria", "guita",
    "grana", "dinheiro", "grana", "peso", "reai", "real", "dolar", "euro", "pag", "cobr", "carg", "compr", "gast",
    "transf", "deposit", "retir", "saque", "sac", "mand", "envi", "deb", "dev", "prest", "emprest", "credit",
    "fatura", "factura", "recibo", "boleto", "servic", "bloque", "alert", "liga", "correo", "mail",
    "resum", "quej", "reclam", "movim", "extract", "extrat", "estado", "comerci", "tienda", "loja", "cajero",
    "caixa", "pix", "tasa", "taxa", "interes", "juro", "limite", "cupo", "cuota", "parcela", "venc", "sueldo",
    "salario", "nomina", "quincena", "ahorr", "poupan", "corrient", "cheque", "clave", "senha", "pin", "fraud",
    "rob(?!ot)", "perd", "clon", "hack", "reconoc", "reconhec", "cancel", "abon", "ingres", "plazo", "inversion",
    "investiment", "seguro", "hipotec", "khipu", "quipu", "dispon", "cambio", "cotiz", "cotac", "verde",
    r"cuanto\b", r"cuanta\b", r"quanto\b", r"quanta\b", "qnt", "debit", "dato", "dado", "registr", "perfil", "informac", "historia", "cliente",
)  # fmt: skip
# the customer's own things ("mis datos", "minha situação"): theirs to ask about, so the router reads them
OWN = re.compile(r"\b(mi|mis|meu|meus|minha|minhas)\b")
# "cuenta"/"conta" are banking only as nouns ("cuéntame un chiste", "me conta" are not)
# "llámame", "llamada" ask for a call; "¿cómo te llamas?" asks the assistant's name
BANKING_WORD = re.compile(r"\b((?<!\bme )(?<!\bte )(?<!\bnos )(?:cuentas?|contas?)\b|ll[aá]m(?:a|e|en|ar|ada|ame|enme|arme)\b|" + "|".join(sorted(set(BANKING), key=len, reverse=True)) + r")")
EVERYDAY = {w for words in CATEGORY_WORDS.values() for w in words} | {w for ws in CURRENCY_WORDS.values() for w in ws}
# the bank's own topics no skill serves: branches, opening hours, cash machines
BANK_BUT_NO_SKILL = re.compile(
    r"\b(sucursal\w*|agencias?|oficinas?|horarios?|a que horas? (abren|cierran|abre|fecha|fecham|cierra)|"
    r"cajeros? automaticos?|caixas? eletronicos?)\b"
)
SKILL_WORDS_NEAR = re.compile(r"\b(cobr|carg|compr|gast|saldo|pag|transf|bloque|deb|dev)\w*")


def plainly_out_of_scope(text: str) -> bool:
    """The words name nothing a skill serves: no banking word, merchant, category, currency, period, figure or
    thing of the customer's own ("mis datos"); or only a branch, opening hours or a cash machine."""
    said = fold(text or "").lower()
    if not said.strip() or re.search(r"\d", said):
        return False
    if names_a_topic_no_skill_serves(said):
        return True
    words = set(re.findall(r"[a-z]+", said))
    if words & EVERYDAY or MERCHANTS.search(said) or OWN.search(said) or _names_a_period(said):
        return False
    return not BANKING_WORD.search(said)


def names_a_topic_no_skill_serves(text: str) -> bool:
    """A branch, opening hours or a cash machine, and nothing a skill serves: out of scope even as a follow-up
    ("¿a qué hora abren las sucursales?" right after a transfer is not about the transfer)."""
    said = fold(text or "").lower()
    return bool(BANK_BUT_NO_SKILL.search(said)) and not SKILL_WORDS_NEAR.search(said) and not re.search(r"\d", said)


def _names_a_period(said: str) -> bool:
    """A month, a week, "los últimos 30 días": a lookup's period ("hoy", "ayer" alone say nothing of the bank)."""
    return any(p.key not in ("today", "yesterday") for _, p in periods_in(said, AS_OF))
