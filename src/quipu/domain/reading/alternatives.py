"""Questions with options: "¿con la tarjeta o solo con la cuenta?" is one question, its options kept together; and the
other way offered ("¿me lo pueden mandar al mail o eso solo lo hace la sucursal?") asks whether the bank can do it
here, never asks for it."""

from collections.abc import Sequence

from quipu.domain.reading.lexicon import Lexicon, lexicon
from quipu.domain.reading.model import Clause, Mood
from quipu.domain.reading.words import Words

PLACE_REACH = 6  # "o | eso solo lo hacen en la | oficina": at most this many words between the "or" and the place


def after_an_alternative(words: Sequence[str], lex: Lexicon) -> bool:
    """The words end on an "or", or on an "or" and a demonstrative ("…o eso", "…ou isso")."""
    if words and words[-1] in lex.cue_words("demonstratives"):
        words = words[:-1]
    return bool(words) and words[-1] in lex.cue_words("alternative")


def another_way(words: Sequence[str], asked: bool, lex: Lexicon) -> bool:
    """A question whose other option is a place or a way of the bank's own ("o toca ir a la oficina", "ou só na
    agência", "o eso solo lo hace la sucursal"), or a place where bills are paid in person ("…o eso toca hacerlo en
    el oxxo?")."""
    if not asked:
        return False
    alternatives = set(lex.cue_words("alternative"))
    places = (lex.cue("bank_places"), lex.cue("in_person"))
    return any(
        any(p.search(" ".join(words[at + 1 : at + 2 + PLACE_REACH])) is not None for p in places)
        for at, word in enumerate(words)
        if word in alternatives
    )


def other_way_asked_alone(words: Words, language: str) -> bool:
    """ "¿pueden mandar el resumen al correo? ¿o eso solo sale en la app?": the other way, asked on its own, is the
    question before it again: whether the bank can do it here."""
    said, lex = list(words.content), lexicon(language)
    return bool(said) and said[0] in lex.cue_words("alternative") and another_way(said, True, lex)


def weighs_another(before: Clause, words: Words, language: str) -> bool:
    """A question opening on "or" right after a question that names an action ("¿me la bloquean? ¿o tengo que
    llamar?", "…só para compras online? Ou bloqueio é tudo ou nada?"): the other option of the same question. An
    "or" with a figure corrects it ("¿o mejor 600?") and names no option."""
    said, lex = list(words.content), lexicon(language)
    other = bool(said) and said[0] in lex.cue_words("alternative") and len(said) > 1
    acting = before.asked and before.mood in (Mood.REQUEST, Mood.QUESTION) and bool(before.anchors)
    figure = any(w[:1].isdigit() or w in lex.numbers() for w in said)
    return other and words.asked and acting and not figure


def asks_how_to_get_it(words: Words, language: str) -> bool:
    """ "o banco manda o extrato por e-mail? como eu peço isso, tem que ligar na central?", "¿me pueden subir el
    límite? ¿cómo lo solicito?": how to ask for what the question before it named is that question again, about the
    action, whatever ways of asking follow."""
    said, lex = list(words.content), lexicon(language)
    found = lex.cue("how_to_ask_it").search(" ".join(said))
    return found is not None and found.start() == 0
