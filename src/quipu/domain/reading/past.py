"""The customer's own past act, told ("pagué la luz", "já paguei", "le aboné 2 mil"): no request, whatever verb of
action it names."""

from quipu.domain.reading.lexicon import Lexicon, lexicon
from quipu.domain.reading.polarity import a_verb_of_action
from quipu.domain.reading.text import fold, tokens
from quipu.domain.reading.words import Words


def done(clause: Words, language: str) -> bool:
    """ "pagué la luz", "já paguei": the customer's own past action. Read on their own letters, accents kept: the
    folded "pague" is also the request "pague la luz"."""
    lex = lexicon(language)
    said = " " + " ".join(tokens(clause.said.lower())) + " "
    return any(f" {str(p).lower()} " in said for p in lex.cue_words("done")) or _past_by_its_ending(clause, lex)


def _past_by_its_ending(clause: Words, lex: Lexicon) -> bool:
    """ "la quincena pasada le aboné 2 mil", "ya transferí", "abati 300 da fatura": a verb of action whose ending, as
    written, is the customer's own past."""
    said = tokens(clause.said.lower())
    already = {str(w) for w in lex.cue_words("already")}
    for index, word in enumerate(said):
        endings = list(lex.cue_words("past_endings"))
        if index and said[index - 1] in already:
            endings += lex.cue_words("past_endings_after_already")
        ending = next((str(e) for e in endings if word.endswith(str(e)) and len(word) > len(str(e)) + 2), None)
        if ending and a_verb_of_action(fold(word), lex):
            return True
    return False
