"""What the assistant is, asked with a person as the other option: "¿es usted un bot o me atiende alguien de carne?",
"me responde un robot o hay alguien ahí?", "é um programa ou tem gente aí?". A question that names a machine asks who
answers; the person it names is the option weighed, not a person asked for (a request for one, "quiero hablar con
una persona", names the person outright and stays one, unless the machine is its other option: "¿estoy hablando
con una persona o con un robot?" weighs the two)."""

from quipu.domain.reading.lexicon import compiled_table, lexicon
from quipu.domain.reading.model import Guess
from quipu.domain.reading.words import Words

HUMAN = "human"
WHO_ANSWERS = "who_are_you"


def who_answers_asked(
    intents: tuple[Guess, ...], named: tuple[str, ...], words: Words, language: str
) -> tuple[Guess, ...]:
    if not intents or intents[0].label != HUMAN or not words.asked:
        return intents
    if lexicon(language).cue("machine").search(words.text) is None:
        return intents
    if HUMAN in named and not _one_or_the_other(words.text, language):
        return intents
    return (Guess(WHO_ANSWERS, intents[0].confidence), *(g for g in intents[1:] if g.label != WHO_ANSWERS))


def _one_or_the_other(text: str, language: str) -> bool:
    """The person named and the machine stand on the two sides of an "or" ("…una persona o con un robot", "…um robô
    ou uma pessoa"): two options weighed."""
    lex = lexicon(language)
    person = dict(compiled_table(language, "intents"))[HUMAN].search(text)
    machine = lex.cue("machine").search(text)
    if person is None or machine is None:
        return False
    first, second = sorted((person, machine), key=lambda found: found.start())
    between = text[first.end() : second.start()].split()
    return any(w in lex.cue_words("alternative") for w in between)
