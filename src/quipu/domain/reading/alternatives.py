"""Questions with options: "¿con la tarjeta o solo con la cuenta?" is one question, its options kept together; and the
other way offered ("¿me lo pueden mandar al mail o eso solo lo hace la sucursal?") asks whether the bank can do it
here, never asks for it."""

from collections.abc import Sequence

from quipu.domain.reading.lexicon import Lexicon

PLACE_REACH = 6  # "o | eso solo lo hacen en la | oficina": at most this many words between the "or" and the place


def after_an_alternative(words: Sequence[str], lex: Lexicon) -> bool:
    """The words end on an "or", or on an "or" and a demonstrative ("…o eso", "…ou isso")."""
    if words and words[-1] in lex.cue_words("demonstratives"):
        words = words[:-1]
    return bool(words) and words[-1] in lex.cue_words("alternative")


def another_way(words: Sequence[str], asked: bool, lex: Lexicon) -> bool:
    """A question whose other option is a place or a way of the bank's own ("o toca ir a la oficina", "ou só na
    agência", "o eso solo lo hace la sucursal")."""
    if not asked:
        return False
    alternatives = set(lex.cue_words("alternative"))
    places = lex.cue("bank_places")
    return any(
        places.search(" ".join(words[at + 1 : at + 2 + PLACE_REACH])) is not None
        for at, word in enumerate(words)
        if word in alternatives
    )
