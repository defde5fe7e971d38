"""The marks of a scam in what someone told the customer: a secret asked for, and someone "of the bank" or of an
authority telling them what to do. A code that is no secret (a postal code, a parcel's tracking code) marks nothing,
and the bank's staff met in person at a branch impersonate no one."""

import re
from functools import cache

from quipu.domain.reading.lexicon import Lexicon, articles, common_words, lexicon


def secret_named(text: str, lex: Lexicon) -> bool:
    """ "me pidieron el código que me llegó": a code, a password, a token; "mi código postal es 72000" is none, nor
    is a code named by the thing it belongs to ("el código de la suscripción", "o código do cupom") unless that thing
    keeps the bank's secrets ("el código de seguridad", "o código do SMS")."""
    spans = [f.span() for f in lex.cue("not_secret").find(text)] + [m.span() for m in _codes_of_things(text, lex)]
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return lex.cue("secret").search(text) is not None


def _codes_of_things(text: str, lex: Lexicon) -> list[re.Match[str]]:
    secret = {str(w) for w in lex.cue_words("secret_codes_of")}
    return [m for m in _code_of(lex.language).finditer(text) if m.group(1) not in secret and not m.group(1).isdigit()]


@cache
def _code_of(language: str) -> re.Pattern[str]:
    """ "código de la suscripción", "código do cupom": a code word, a link, an article perhaps, and the thing."""
    links = "|".join(sorted(common_words("noun_links"), key=len, reverse=True))
    the = "|".join(sorted(articles(), key=len, reverse=True))
    codes = "|".join(str(w) for w in lexicon(language).cue_words("code_words"))
    return re.compile(rf"(?<!\w)(?:{codes}) (?:{links}) (?:(?:{the}) )?(\w+)")


def impersonated(text: str, lex: Lexicon) -> bool:
    """ "me llamaron de la sucursal", "um cara do banco ligou": someone said to be of the bank or of an authority.
    "el cajero de la sucursal me dijo que pagara el agua" was said in person at the bank: unless the words also tell
    of a call or a message, no one impersonates the bank there."""
    for found in lex.cue("bank_channels").find(text):  # "paga el agua por la app del banco": no one speaks there
        text = text[: found.start()] + " " * (found.end() - found.start()) + text[found.end() :]
    if lex.cue("bank_impersonation").search(text) is None:
        return False
    in_person = lex.cue("met_in_person").search(text) is not None
    return not in_person or lex.cue("remote").search(text) is not None


def scam_purpose_named(text: str, lex: Lexicon) -> bool:
    """A scam's purpose: one the lexicon names ("para liberar el préstamo", "cuenta segura"), or money that came in by
    mistake ("me cayeron 300 mil por error…", "caiu um pix por engano"), the story of a caller who wants it sent back
    elsewhere. A number that names a thing ("póliza 1234") is no purpose, nor is asking whether a thing can be done."""
    # "dá pra estornar?": whether it can be done, no purpose ("pra estornar" after a payment is a scam's)
    text = lex.cue("can_it_be_done").blanked(lex.cue("numbered_things").blanked(text))
    came_by_mistake = lex.cue("incoming").search(text) is not None and lex.cue("by_mistake").search(text) is not None
    return lex.cue("scam_purpose").search(text) is not None or came_by_mistake
