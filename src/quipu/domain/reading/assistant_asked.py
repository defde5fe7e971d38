"""What the assistant is, asked with a person as the other option: "¿es usted un bot o me atiende alguien de carne?",
"me responde un robot o hay alguien ahí?", "é um programa ou tem gente aí?". A question that names a machine asks who
answers; the person it names is the option weighed, not a person asked for (a request for one, "quiero hablar con
una persona", names the person outright and stays one)."""

from quipu.domain.reading.lexicon import lexicon
from quipu.domain.reading.model import Guess
from quipu.domain.reading.words import Words

HUMAN = "human"
WHO_ANSWERS = "who_are_you"


def who_answers_asked(
    intents: tuple[Guess, ...], named: tuple[str, ...], words: Words, language: str
) -> tuple[Guess, ...]:
    if not intents or intents[0].label != HUMAN or HUMAN in named or not words.asked:
        return intents
    if lexicon(language).cue("machine").search(words.text) is None:
        return intents
    return (Guess(WHO_ANSWERS, intents[0].confidence), *(g for g in intents[1:] if g.label != WHO_ANSWERS))
