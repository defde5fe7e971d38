"""What the words after a comma are, when they are a clause of their own: a report of what someone said, a
correction, or another product left alone; the request before them stays what it was."""

from quipu.domain.reading.lexicon import lexicon
from quipu.domain.reading.products_named import products_named

CORRECTION_OPENS = 3  # "no, mejor…", "ou melhor…": a correction opens within the first words after the comma
REPORT_OPENS = 5  # "o app diz que…", "la señorita del banco me dijo…": a report opens within these words


def reports(right: list[str], language: str) -> bool:
    """ "desbloqueia meu cartão, o app diz que tá travado": what someone (or something) said, opening the words after
    a request, is a clause of its own; the request before it stays the customer's."""
    return lexicon(language).cue("report").search(" ".join(right[:REPORT_OPENS])) is not None


def corrects(right: list[str], language: str) -> bool:
    """ "manda 300 pra corrente, ou melhor, 350": a correction opening the words after a comma is a clause of its own,
    which changes the request before it."""
    found = lexicon(language).cue("correction").search(" ".join(right[:CORRECTION_OPENS]))
    return found is not None


def leaves_another_alone(right: list[str], language: str) -> bool:
    """ "bloquea la de débito, la de crédito déjala así": another product, named after a request only to be refused
    or left as it is, is a clause of its own; it takes back nothing of the request before it."""
    named, refused = products_named(" ".join(right), language)
    return refused and not named


def stands_apart(right: list[str], language: str) -> bool:
    """After a request and a comma: what someone said, or another product left alone, is a clause of its own."""
    return reports(right, language) or leaves_another_alone(right, language)
