"""A reason given for a request ("como ya vence, págala"): said before what it is for, it asks nothing itself."""

from quipu.domain.reading.lexicon import Lexicon, lexicon
from quipu.domain.reading.openers import OPENING, opens_with, past_openers
from quipu.domain.reading.words import Words


def gives_a_reason(clause: Words, language: str) -> bool:
    """ "como ya me llegó el extracto,": a clause that opens on the reason for what follows, and asks nothing itself."""
    lex = lexicon(language)
    opening = " ".join(past_openers(list(clause.content), lex)[: OPENING + 2])
    return opens_with(lex.cue("because"), opening) and lex.cue("request").search(clause.text) is None


def reason_then_request(opening: str, text: str, lex: Lexicon) -> bool:
    """ "como la tarjeta se vence mañana, quiero pagarla": a "como" that gives the reason ("since"), before a request
    said after it, asks nothing about how."""
    reason = lex.cue("because").search(opening)
    if reason is None or len(opening[: reason.start()].split()) > 1:
        return False
    asked = [*lex.cue("request").find(text), *lex.cue("imperative").find(text)]
    return any(m.start() > reason.end() for m in asked)
