"""Text from the records that is not the bank's own word (a merchant's name, a city, a free-text cell) is
data: whoever runs a merchant chooses its descriptor, so it may carry a fake bank notice, a phone number, a
line break or "ya bloqueé tu tarjeta". Every renderer (chat replies, confirmation cards, e-mail, the case
file, the pages) writes it through here: one line, no control or direction characters, no phone number or
URL (they would read as advice), cut to the card network's length, and inside “ ” when it stands in a
sentence, so neither a reader nor the claims check can take it for what the bank says.

The quotes “ ” are reserved for this: records text never keeps them, and no sentence of code uses them.
"""

import re
import unicodedata

# The merchant name of a card descriptor: Visa and Mastercard carry 22 characters of name in field 43 (then
# the city, 13, and the country), so 22 is as much of a name as any network passes on.
MERCHANT_CHARS = 22
CITY_CHARS = 22  # field 43 gives the city 13; our records' cities are longer ("Ciudad de México"), still one line
CELL_CHARS = 60  # a free-text cell of a guarded query (a complaint's description, say)
OPEN, CLOSE = "“", "”"
CUT = "…"  # what stands for a cut end, a phone number or a URL

_HIDDEN_CATEGORIES = {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"}  # controls, format (bidi, zero-width), separators
_QUOTE_LIKE = str.maketrans({c: "'" for c in '“”„‟«»‹›"〝〞＂'})
_URL = re.compile(
    r"(?i)(?:[a-z][a-z0-9+.-]*://|www\.)\S*"
    r"|\b[\w-]+(?:\.[\w-]+)*\.(?:com|net|org|info|io|co|mx|br|ar|cl|pe|us|app|xyz|online|site|link|ly|me|biz|top"
    r"|click|bank|banco|pay|gob|gov)\b(?:\.[a-z]{2})?(?:[/?#]\S*)?"
)
_PHONE = re.compile(r"\+?\(?\d[\d\s().-]*\d")
PHONE_DIGITS = 7  # a run of seven digits or more (with its spaces, dashes, dots) reads as a phone number
QUOTED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}\n]{{0,{CELL_CHARS + 2}}}{CLOSE}")


def one_line(value: object, limit: int) -> str:
    """The record's text as data: empty when there is nothing left to show."""
    text = unicodedata.normalize("NFKC", "" if value is None else str(value))
    text = "".join(" " if unicodedata.category(c) in _HIDDEN_CATEGORIES else c for c in text)
    text = text.translate(_QUOTE_LIKE)
    text = _URL.sub(CUT, text)
    text = _PHONE.sub(lambda m: CUT if sum(c.isdigit() for c in m.group()) >= PHONE_DIGITS else m.group(), text)
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + CUT
    return text


def merchant(value: object) -> str:
    """ "Booking.com", "Amazon.com.mx": a merchant named by its bare domain is named by that domain's name, so the
    customer recognises it and still reads no address ("soporte-banco.com/ayuda" is cut like any URL)."""
    text = unicodedata.normalize("NFKC", "" if value is None else str(value)).strip()
    bare = _URL.fullmatch(text)
    if bare and "/" not in text and ":" not in text and not text.lower().startswith("www."):
        text = text.split(".")[0]
    return one_line(text, MERCHANT_CHARS)


def city(value: object) -> str:
    return one_line(value, CITY_CHARS)


def cell(value: object) -> str:
    return one_line(value, CELL_CHARS)


def quoted(text: str) -> str:
    """Records text as it stands in a sentence; a dash when there is none."""
    return f"{OPEN}{text}{CLOSE}" if text else "—"


def quoted_spans(text: str) -> list[str]:
    """The records text a reply quotes, in order."""
    return QUOTED.findall(text or "")


def without_records(text: str) -> str:
    """What the reply says in its own voice: every quoted records text taken out (the claims check reads this)."""
    return QUOTED.sub(" ", text or "")
