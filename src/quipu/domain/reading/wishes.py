"""A wish said to the bank ("que alguien me llame mañana", "q me activen la alerta", "e que me liguem"): a request,
as the imperative is, not someone else acting."""

from functools import cache

from quipu.domain.reading.lexicon import Lexicon, lexicon
from quipu.domain.reading.openers import OPENING, opens_with, past_openers
from quipu.domain.reading.words import AND, Words


def wished(clause: Words, language: str) -> bool:
    """ "que alguien me llame mañana", "y que alguien me marque": a wish said to the bank, not someone else acting."""
    words = _past_joiners(past_openers(list(clause.content), lexicon(language)), language)
    return bool(words) and words[0] in wish_words(language) and not clause.asked


def _past_joiners(words: list[str], language: str) -> list[str]:
    """The words past those that only join them to what came before ("y", "solo", "e", "nada más")."""
    lex = lexicon(language)
    joiners = [str(j).split() for j in (*lex.cue_words("clause_joiners"), *lex.cue_words("only_joiners"))]
    while words:
        if words[0] in AND:
            words = words[1:]
            continue
        size = max((len(j) for j in joiners if words[: len(j)] == j), default=0)
        if not size:
            break
        words = words[size:]
    return words


@cache
def wish_words(language: str) -> frozenset[str]:
    return frozenset(w for p in lexicon(language).cue_words("wish") for w in str(p).split())


def wished_action(clause: Words, language: str) -> bool:
    """ "que me llamen mañana", "q me activen la alerta", "que me mandem o extrato": a wish opening on the verb of
    an action (its pronouns between) asks for it, as the imperative does; also after the words that open or join it
    ("y que me avisen cuando…", "ah, e que me liguem")."""
    lex = lexicon(language)
    words = _past_joiners(past_openers(list(clause.content), lex), language)  # "solo que me avisen si…"
    # "¿me mandas el estado de cuenta y que me marquen en la noche?": a wish asked with a request is still asked for
    if not words or words[0] not in wish_words(language):
        return False
    clitics = {str(w) for w in lex.cue_words("clitics")}
    rest = words[1:]
    someone = lex.cue("someone_of_the_bank").search(" ".join(rest))
    if someone is not None and someone.start() == 0:  # "que alguien me marque en la tarde"
        rest = rest[len(someone.group(0).split()) :]
    while rest and rest[0] in clitics:
        rest = rest[1:]
    return bool(rest) and opens_with(lex.cue("imperative"), " ".join(rest[:OPENING]))


def wishes_an_action(rest: list[str], lex: Lexicon) -> bool:
    """ "…y que me llamen a la tarde": a wish with its pronouns and the verb of an action asks on its own."""
    wish = {str(w) for w in lex.cue_words("wish") if " " not in str(w)}
    clitics = {str(w) for w in lex.cue_words("clitics")}
    if not rest or rest[0] not in wish:
        return False
    verb = rest[1:]
    while verb[:1] and verb[0] in clitics:
        verb = verb[1:]
    return len(verb) < len(rest) - 1 and opens_with_verb(verb, lex)


def opens_with_verb(words: list[str], lex: Lexicon) -> bool:
    head = lex.cue("action_verbs").search(" ".join(words[:2]))
    return head is not None and head.start() == 0
