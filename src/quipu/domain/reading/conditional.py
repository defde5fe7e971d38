"""The conditional said of the customer's own act ("yo pagaría la luz con la de ahorro, pero…", "eu até transferiria
300"): what they would do, which supposes and asks nothing. Said to the bank ("¿me pagarías la luz?", "¿me pagaría
usted…?") it is a polite request, and is left to the other rules."""

from quipu.domain.reading.lexicon import Lexicon, an_infinitive, lexicon
from quipu.domain.reading.polarity import a_verb_of_action
from quipu.domain.reading.words import Words

SUBJECT_BEFORE = 3  # "yo también le pagaría", "eu até transferiria": the subject a few words before its verb


def would_do(clause: Words, language: str) -> bool:
    lex = lexicon(language)
    words = list(clause.content)
    if _a_plan_told(words, lex):
        return True
    for index, word in enumerate(words):
        if not a_verb_of_action(word, lex):
            continue
        if _ends_with(word, lex.cue_words("conditional_we_endings")):
            return True
        said_by_them = set(words[max(0, index - SUBJECT_BEFORE) : index]) & set(lex.cue_words("first_person"))
        # "la pagaría con la cuenta 1001, pero antes…": what was named, told as the customer would pay it (asked, "¿me
        # la pagaría?" is a request: a "me" before it, or the question mark)
        told_of_it = not clause.asked and _of_what_was_named(words[:index], lex)
        if (said_by_them or told_of_it) and _ends_with(word, lex.cue_words("conditional_endings")):
            return True
    return False


def _ends_with(word: str, endings: list[str]) -> bool:
    return any(word.endswith(str(e)) and len(word) > len(str(e)) + 1 for e in endings)


def _of_what_was_named(before: list[str], lex: Lexicon) -> bool:
    """The verb opens its clause on the pronoun of what was named ("la pagaría…"), with no one it is done for."""
    return len(before) == 1 and before[0] in lex.cue_words("object_pronouns")


def _a_plan_told(words: list[str], lex: Lexicon) -> bool:
    """ "pensaba meterle 200.000, pero primero…", "planejava pagar a fatura": a plan told, before the infinitive of
    what was planned, asks nothing ("pensaba que ya la había pagado" told a belief, no plan)."""
    planned = set(lex.cue_words("planned"))
    return any(
        word in planned and i + 1 < len(words) and an_infinitive(words[i + 1], lex) for i, word in enumerate(words)
    )
