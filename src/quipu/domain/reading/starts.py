"""What starts a clause of its own after a joiner or a comma: a new question or request ("y dime cuánto tengo"),
a request for another thing the lexicon names, or another matter of the bank told after an action asked."""

from quipu.domain.reading.after_a_comma import only_courtesy
from quipu.domain.reading.kept_together import SHORT
from quipu.domain.reading.lexicon import Phrases, compiled_table, lexicon
from quipu.domain.reading.openers import asks_only_to_know
from quipu.domain.reading.polarity import put_off
from quipu.domain.reading.pronouns import past_the_pronouns
from quipu.domain.reading.wishes import opens_with_verb, wishes_an_action
from quipu.domain.reading.words import PUNCTUATION

# after "y"/"e" these start a subordinate clause ("y que me transfiera…", "e como eu…"), not a new question
SUBORDINATING = frozenset({"que", "como"})
COURTESIES = frozenset({"affirm", "deny", "thanks", "greeting", "bye"})  # "no", "sí", "gracias" name no matter


def said_count(words: list[str]) -> int:
    """How many words are said, punctuation aside."""
    return len([w for w in words if w not in PUNCTUATION])


def second_request(left: list[str], right: list[str], language: str) -> bool:
    """After "y"/"e": a new question or request ("y dime cuánto tengo"), or a request for another thing the
    lexicon names ("bloqueia o cartão e pede pra me ligarem")."""
    if starts_anew(right, language) and (_names_something(left, language) or said_count(left) > SHORT):
        return True
    named_left, named_right = _named(left, language), _named(right[:6], language)
    return bool(named_left and named_right and not named_right & named_left)


def starts_anew(rest: list[str], language: str) -> bool:
    """After "y"/"e": a question word, a request, or a word that names an intent starts a clause of its own;
    words said only to be kind ("…, por favor") do not."""
    lex = lexicon(language)
    if only_courtesy(rest, language):
        return False
    start = " ".join(rest[:4])
    # "…, me la desbloquean?", "…, vcs me desbloqueiam?": the verb after the bank addressed and the pronouns
    verb = past_the_pronouns(rest, lex)
    for cue in ("question_words", "request", "polite_request", "action_verbs", "reminder"):
        head = lex.cue(cue).search(start)
        if head is not None and head.start() == 0 and head.group(0) not in SUBORDINATING:
            return True
    polite = lex.cue("polite_request").search(" ".join(verb[:2]))
    asked = opens_with_verb(verb, lex) or (polite is not None and polite.start() == 0)  # "…, me la pueden reactivar?"
    if len(verb) < len(rest) and asked:
        return True
    if wishes_an_action(rest, lex) or asks_only_to_know(rest, lex):  # "…, yo nomás quería saber de cuánto vino"
        return True
    # "paga a de água e deixa luz e internet pro mês que vem": what is left for later is a clause of its own
    left_for_later = lex.cue("leaves_for_later").search(start)
    if left_for_later is not None and left_for_later.start() == 0 and put_off(" ".join(rest), lex):
        return True
    return any(
        p.search(" ".join(rest[:2])) is not None and _anchored_at_start(p, rest)
        for _, p in compiled_table(language, "intents")
    )


def _anchored_at_start(phrases: Phrases, rest: list[str]) -> bool:
    found = phrases.search(" ".join(rest[:3]))
    return found is not None and found.start() == 0 and rest[0] not in ("la", "el", "a", "o", "de", "do", "da")


def tells_another(left: list[str], right: list[str], language: str) -> bool:
    """ "bloquéame la tarjeta 4433, hay compras en ElectroMax que no hice": after an action asked outright, words that
    name another matter of the bank (the charges, its reason) are a clause of their own; the action stays asked."""
    asked, told = _named(left, language), _named(right, language) - COURTESIES
    return bool(asked and told and not told & asked)


def _names_something(words: list[str], language: str) -> bool:
    return bool(_named(words, language))


def _named(words: list[str], language: str) -> set[str]:
    text = " ".join(words)
    return {name for name, p in compiled_table(language, "intents") if p.search(text)}
