"""What an action would do, asked before the action itself ("¿qué pasa con mi préstamo al adelantarle 5 mil?",
"o que muda no empréstimo se eu adiantar 500?"): a question about the action, which asks nothing done."""

from quipu.domain.reading.lexicon import Lexicon


def asks_what_doing_would_do(opening: str, text: str, lex: Lexicon) -> bool:
    """ "qué pasa con mi préstamo al adelantarle 5,000…", "o que acontece com a fatura se eu pagar só o mínimo": what
    an action would do, asked with the action named after a "when" or an "if", asks nothing done."""
    asked = lex.cue("what_it_does").search(opening)
    return asked is not None and asked.start() == 0 and lex.cue("on_doing").search(text[asked.end() :]) is not None
