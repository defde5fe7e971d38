"""Merchants the customer names, matched against their own merchants (as the records write them) and the
brands everyone knows. A merchant is named by a word of its own, never by a common word ("No reconozco este
cargo…" as a merchant's name is not named by "no"); a typo or a spelling of the customer's still names it."""

import re
from difflib import SequenceMatcher
from functools import cache

from quipu.domain.reading.lexicon import articles, brand_names, brands, common, lexicon
from quipu.domain.reading.text import fold

CLOSE = 0.85  # how alike a word must be to a merchant's own word to name it ("liverpol", "mercadolivre")
MIN_OWN_WORD = 3
MIN_FUZZY = 5
NAME_WORD = re.compile(r"[a-z0-9]+")  # the words of a merchant's name as the records write it


MIN_SHORTENED = 5  # "spoti" names Spotify; shorter beginnings name too many things
SHORTENED_SHARE = 0.6


def _compact(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", fold(text))


@cache
def _common_words() -> frozenset[str]:
    """Words of either language the lexicon knows (a brand's own name aside): never, alone, a merchant's name."""
    one_word_brands = {b for b in brand_names() if " " not in b}  # "uber", "ifood": names, even where a list has them
    return (lexicon("es").vocabulary() | lexicon("pt").vocabulary()) - one_word_brands


def _name_words(merchant: str) -> list[str]:
    return NAME_WORD.findall(fold(merchant))


def own_words(merchant: str) -> tuple[str, ...]:
    """The words of a merchant's name that are its own (not a common word, not a number)."""
    common = _common_words()
    words = _name_words(merchant)
    return tuple(w for w in words if len(w) >= MIN_OWN_WORD and not w.isdigit() and w not in common)


def _close(word: str, name: str) -> bool:
    if len(name) < MIN_FUZZY or len(word) < MIN_FUZZY - 1:
        return False
    matcher = SequenceMatcher(None, word, name)  # the cheap upper bounds first: most words are far from any name
    return matcher.real_quick_ratio() >= CLOSE and matcher.quick_ratio() >= CLOSE and matcher.ratio() >= CLOSE


def _nicknamed(text: str) -> str:
    """The words with each brand's nickname written as the records write the brand."""
    for nickname, name in _nicknames():
        text = re.sub(rf"(?<![a-z0-9]){re.escape(nickname)}(?![a-z0-9])", name, text)
    return text


@cache
def _nicknames() -> tuple[tuple[str, str], ...]:
    table = common().get("nicknames") or {}
    return tuple(sorted(((fold(str(k)), fold(str(v))) for k, v in table.items()), key=lambda p: -len(p[0])))


def _leading_number(merchant: str) -> str | None:
    """ "99 Táxi": a name that opens on a number and has no word of its own is named by that number."""
    words = _name_words(merchant)
    lead = words[0] if words else ""
    return lead if lead.isdigit() and len(lead) >= 2 and not own_words(merchant) else None


def _named_by_number(words: list[str], merchant: str) -> bool:
    lead = _leading_number(merchant)
    before = {str(w) for w in common().get("merchant_lead_words") or []}

    def led(i: int) -> bool:
        return i >= 1 and (words[i - 1] in before or (words[i - 1] in articles() and i >= 2 and words[i - 2] in before))

    return lead is not None and any(w == lead and led(i) for i, w in enumerate(words))


def number_names_a_merchant(said: str, merchants: tuple[str, ...]) -> bool:
    """The number said is the name of a merchant the words name ("do 99"), not an amount."""
    return any(_leading_number(m) == said for m in merchants)


def _names(text: str, merchant: str) -> bool:
    words = text.split()
    if _named_by_number(words, merchant):
        return True
    pairs = [a + b for a, b in zip(words, words[1:], strict=False)]
    whole = _compact(merchant)
    if len(whole) >= MIN_FUZZY and whole in _compact(text):
        return True
    own = own_words(merchant)
    if own and own[0] in words:
        return True
    if own and any(_shortened(w, own[0]) for w in words):  # "spoti", "netfli": the name cut short
        return True
    # a word the lexicon knows is that word, never a merchant misspelled ("el más caro" names no "Claro")
    spelled = [w for w in words + pairs if w not in _common_words()]
    return any(_close(w, name) for name in (whole, *own[:1]) for w in spelled)


def _shortened(word: str, name: str) -> bool:
    """The first letters of a merchant's own name, most of it, and no word of either language."""
    long_enough = len(word) >= MIN_SHORTENED and len(word) >= SHORTENED_SHARE * len(name)
    return long_enough and name.startswith(word) and word != name and word not in _common_words()


def _singular(word: str) -> str:
    """ "ubers", "rappis": a merchant's name in the plural (the trips, the orders) names the merchant."""
    names = _one_word_names()
    for ending in (str(e) for e in common().get("plural_endings") or []):
        # "unos días antes": the plural of a plain word ("día") is that word's, never a brand's (the chain "Dia")
        if word.endswith(ending) and word[: -len(ending)] in names and word[: -len(ending)] not in _plain_words():
            return word[: -len(ending)]
    return word


@cache
def _one_word_names() -> frozenset[str]:
    return frozenset(b for b in brand_names() if " " not in b and len(b) >= MIN_OWN_WORD)


def _without_dates(text: str, language: str) -> str:
    """The words with each day's word beside a number taken out: "do dia 12", "los últimos diez días" are days, not
    the merchant Día."""
    days = {str(w) for w in common().get("day_words") or []}
    number_words = set(lexicon(language).numbers())
    words = text.split()
    return " ".join(
        "" if w in days and any(n.isdigit() or n in number_words for n in words[max(i - 1, 0) : i + 2 : 2]) else w
        for i, w in enumerate(words)
    )


def merchants_named(text: str, own: tuple[str, ...], language: str = "es") -> tuple[str, ...]:
    """The customer's own merchants the words name (the longest name first), else the brands they name."""
    text = " ".join(_singular(w) for w in _without_dates(_nicknamed(text), language).split())
    found = [m for m in sorted(own, key=len, reverse=True) if _names(text, m)]
    if found:
        return tuple(dict.fromkeys(found))
    said = [(match.start(), match.group(0)) for match in brands().find(text)]
    said += [(text.find(w), _glued_brands()[w]) for w in text.split() if w in _glued_brands()]  # "magazineluiza"
    known = brand_names()
    return tuple(dict.fromkeys(b for _, b in sorted(said) if b in known and b not in _plain_words()))


@cache
def _glued_brands() -> dict[str, str]:
    """A brand of several words, written as one ("mercadolibre", "magazineluiza")."""
    return {b.replace(" ", ""): b for b in brand_names() if " " in b}


@cache
def _plain_words() -> frozenset[str]:
    """The languages' own small words ("dia", "claro", "oi"): a brand by that name is named only by its records."""
    found: set[str] = set()
    for language in ("es", "pt"):
        lex = lexicon(language)
        found |= lex.markers
        for name in ("affirm", "deny", "question_words", "request", "negation", "to_words", "from_words"):
            found |= {w for p in lex.cue_words(name) for w in str(p).split()}
        found |= {w for phrases in lex.table("periods").values() for p in phrases for w in fold(str(p)).split()}
    return frozenset(found)
