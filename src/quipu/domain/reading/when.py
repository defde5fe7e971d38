"""When the words put an act: a day to come named as when ("mejor lo pago el viernes"), or a condition to come
before acting ("apenas pase una semana…", "el día que me llegue el recibo…")."""

from functools import cache

from quipu.domain.reading.commanded import own_presents
from quipu.domain.reading.lexicon import Lexicon, compiled_table
from quipu.domain.reading.openers import OPENING, opens_with
from quipu.domain.reading.periods import SINCE_WEEKDAY
from quipu.domain.reading.phrases import Phrases
from quipu.domain.reading.words import PUNCTUATION, Words

WEEKEND = "<weekend>"  # the weekend's words, read as one day's name


def awaits(text: str, lex: Lexicon) -> bool:
    """ "apenas pase una semana…", "el día que me llegue…": a condition to come ("bloquéela de una vez que…" is now)."""
    text = lex.cue("at_once").blanked(text)
    return any(lex.cue(cue).search(text) for cue in ("payday", "once_it_comes"))


def later_day(text: str, lex: Lexicon) -> bool:
    """ "mejor lo pago el viernes", "paga na sexta", "cuando me caiga la quincena": a day to come named as when."""
    if awaits(text, lex):  # "el día que me llegue el recibo"
        return True
    if lex.cue("falls_due").search(text):  # "paga la tarjeta que vence el viernes": the day it is due, not when
        return False
    words = _weekend_as_a_day(_days_past_blanked(lex.cue("not_a_day").blanked(text), lex), lex).split()
    days, markers = {*lex.cue_words("weekdays"), WEEKEND}, lex.cue_words("on_a_day")
    past = set(lex.cue_words("gone_by"))
    return any(
        word in days
        and any(" ".join(words[max(0, i - len(m.split())) : i]) == m for m in markers)
        and not (i + 1 < len(words) and words[i + 1] in past)
        for i, word in enumerate(words)
    )


def _weekend_as_a_day(text: str, lex: Lexicon) -> str:
    """ "mejor la pago el finde", "paga no fim de semana": the weekend is named as a day is."""
    for found in reversed(list(lex.cue("weekend").find(text))):
        text = text[: found.start()] + WEEKEND + text[found.end() :]
    return text


def _days_past_blanked(text: str, lex: Lexicon) -> str:
    """ "lo que me cargaron desde el lunes": a day past the words start from is no day to come."""
    since = _since_a_weekday(lex.language)
    return since.blanked(text) if since is not None else text


@cache
def _since_a_weekday(language: str) -> Phrases | None:
    return dict(compiled_table(language, "periods")).get(SINCE_WEEKDAY)


def past_a_plan_told(clause: Words, lex: Lexicon) -> str:
    """The words of a command without a plan of the customer's own told after it ("páseme 200 mil de ahorros a la
    corriente, el lunes pago el arriendo desde esa"): the day of that plan is when the customer acts, not when the
    bank is asked to ("mejor págala el viernes" keeps its day: it is said in the command's own words)."""
    parts: list[list[str]] = [[]]
    for word in clause.words:
        if word == ",":
            parts.append([])
        else:
            parts[-1].append(word)
    parts = [p for p in parts if p]
    if len(parts) < 2 or not opens_with(lex.cue("imperative"), " ".join(parts[0][:OPENING])):
        return " ".join(clause.content)
    kept = [parts[0]]
    for part in parts[1:]:
        if _own_plan(part, lex):
            break
        kept.append(part)
    return " ".join(w for part in kept for w in part if w not in PUNCTUATION)


def _own_plan(words: list[str], lex: Lexicon) -> bool:
    """A verb of action in the customer's own present, with no pronoun before it of what was just asked ("el lunes
    pago el arriendo"; "mejor lo pago el viernes" puts off what was asked)."""
    clitics = set(lex.cue_words("clitics"))
    return any(w in own_presents(lex.language) and (i == 0 or words[i - 1] not in clitics) for i, w in enumerate(words))
