"""The pronouns around a verb, set aside so a phrase of the lexicon is found whatever pronouns the customer put in it
("me la | pueden…", "cuándo se me vence", "para que se los transfiera")."""

from quipu.domain.reading.lexicon import Lexicon, articles


def past_the_pronouns(rest: list[str], lex: Lexicon) -> list[str]:
    """The words from the verb on, past the pronouns and the bank addressed ("me la | pueden…", "vcs me | …")."""
    before_verb = {str(w) for w in (*lex.cue_words("clitics"), *lex.cue_words("addressed"))}
    verb = list(rest)
    while verb[:1] and verb[0] in before_verb:
        verb = verb[1:]
    return verb


def without_clitics_after_que(text: str, lex: Lexicon) -> str:
    """The words without the pronouns a verb carries right after "que" ("para que se los transfiera" → "para que
    transfiera"), so what someone wants done is found whatever pronouns it carries."""
    clitics = {str(w) for w in lex.cue_words("clitics")}
    kept: list[str] = []
    after_que = False
    for word in text.split():
        if after_que and word in clitics:
            continue
        after_que = word == "que"
        kept.append(word)
    return " ".join(kept)


def without_personal_pronouns(text: str, lex: Lexicon) -> str:
    """The words without the pronouns of persons ("cuándo se me vence" → "cuándo vence"), so a phrase of the lexicon
    is found whatever pronouns the customer put inside it (the articles "la", "lo" stay: they name things)."""
    personal = {str(w) for w in lex.cue_words("clitics")} - articles()
    return " ".join(w for w in text.split() if w not in personal)
