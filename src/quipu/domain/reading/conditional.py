"""The conditional said of the customer's own act ("yo pagaría la luz con la de ahorro, pero…", "eu até transferiria
300"): what they would do, which supposes and asks nothing. Said to the bank ("¿me pagarías la luz?", "¿me pagaría
usted…?") it is a polite request, and is left to the other rules."""

from quipu.domain.reading.lexicon import lexicon
from quipu.domain.reading.polarity import a_verb_of_action
from quipu.domain.reading.words import Words

SUBJECT_BEFORE = 3  # "yo también le pagaría", "eu até transferiria": the subject a few words before its verb


def would_do(clause: Words, language: str) -> bool:
    lex = lexicon(language)
    words = list(clause.content)
    for index, word in enumerate(words):
        if not a_verb_of_action(word, lex):
            continue
        if _ends_with(word, lex.cue_words("conditional_we_endings")):
            return True
        said_by_them = set(words[max(0, index - SUBJECT_BEFORE) : index]) & set(lex.cue_words("first_person"))
        if said_by_them and _ends_with(word, lex.cue_words("conditional_endings")):
            return True
    return False


def _ends_with(word: str, endings: list[str]) -> bool:
    return any(word.endswith(str(e)) and len(word) > len(str(e)) + 1 for e in endings)
