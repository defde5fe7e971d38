"""When the words put an act: a day to come named as when ("mejor lo pago el viernes"), or a condition to come
before acting ("apenas pase una semana…", "el día que me llegue el recibo…")."""

from quipu.domain.reading.lexicon import Lexicon


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
    words = lex.cue("not_a_day").blanked(text).split()
    days, markers = set(lex.cue_words("weekdays")), lex.cue_words("on_a_day")
    return any(
        word in days and any(" ".join(words[max(0, i - len(m.split())) : i]) == m for m in markers)
        for i, word in enumerate(words)
    )
