"""Clauses an earlier clause governs: an infinitive after a report is more of what was reported ("mi tío dice que
conviene sacar todo del ahorro y liquidar la tarjeta"); an infinitive of action after a need the customer said is
asked too ("necesito dos cosas, primero saber cuánto tengo y después pagar parte de la tarjeta"); a short question of
how it goes, after an action with a state, asks that action's state ("ya había levantado una aclaración, ¿en qué
va?")."""

from quipu.domain.reading.lexicon import common, lexicon
from quipu.domain.reading.model import Clause, Mood, Polarity, Speaker
from quipu.domain.reading.named import anchors
from quipu.domain.reading.words import AND, Words

BARE_THAT = "que"  # the same word in either language


def goes_on_with_it(clause: Clause, words: Words, language: str) -> bool:
    """A request that opens on an infinitive of action, right after a report, is more of what was reported (an
    infinitive asks nothing of the bank by itself there); so is one that opens on a bare "que" ("mi contadora insiste
    en que le abone…, y que le ponga alerta…": the "que" of what she insists on)."""
    infinitive = opens_on_an_infinitive(words, language, of_action=True)
    return clause.mood == Mood.REQUEST and (infinitive or words.content[:1] == (BARE_THAT,))


def wanted_with_it(clause: Clause, words: Words, language: str) -> bool:
    """An infinitive of action opening a clause, no question, while a need the customer said governs: asked too."""
    open_ = clause.settled is None and clause.mood == Mood.REQUEST and not words.asked
    customers = clause.speaker == Speaker.CUSTOMER
    return open_ and customers and opens_on_an_infinitive(words, language, of_action=True)


ELLIPSIS_WORDS = 10  # "y el mínimo del préstamo con la de ahorro": what a clause with its verb left out names


def the_verb_left_out(before: Clause, said: Words, clause: Clause, words: Words, language: str) -> Words | None:
    """ "paga la luz con la de cheques y el mínimo del préstamo con la de ahorro": after the customer's request, a
    clause with no verb of its own, no question and no "no", naming what to act on, is asked by the verb before it:
    its words with that verb, to be read again; None when it has a verb of its own or the one before has none."""
    lex = lexicon(language)
    asked = before.settled == Mood.REQUEST and before.speaker == Speaker.CUSTOMER and before.polarity == Polarity.ASKS
    if not asked or len(words.content) > ELLIPSIS_WORDS:  # "no la activen, ya tengo recordatorio…" borrows no verb
        return None
    text = " ".join(words.content)
    verbless = lex.cue("action_verbs").search(text) is None and lex.cue("negation").search(text) is None
    s = clause.slots
    named = bool(s.products or s.services or s.settles)
    plain = clause.settled is None and clause.speaker == Speaker.CUSTOMER and not words.asked
    if not (plain and verbless and named and clause.mood in (Mood.REQUEST, Mood.STATEMENT)):
        return None
    verb = next((w for w in said.content if lex.cue("imperative").search(w) is not None), None)
    return None if verb is None else Words((verb, *words.words), f"{verb} {words.said}", asked=words.asked)


def still_wanted(wanted: bool, clause: Clause, words: Words, language: str) -> bool:
    """Whether a need governs the next clause: one the customer asks outright starts it ("necesito dos cosas"), an
    infinitive after it keeps it ("primero saber cuánto tengo"), anything else ends it."""
    if clause.settled == Mood.REQUEST and clause.speaker == Speaker.CUSTOMER:
        return True
    return wanted and opens_on_an_infinitive(words, language, of_action=False)


def opens_on_an_infinitive(words: Words, language: str, *, of_action: bool) -> bool:
    """The clause's first word past its joiners ("y después", "primero") is an infinitive (of a verb of action)."""
    lex = lexicon(language)
    joiners = {*AND, *(str(j) for j in lex.cue_words("clause_joiners") if " " not in str(j))}
    first = next((w for w in words.content if w not in joiners), "")
    infinitive = first.endswith(tuple(lex.cue_words("infinitive_endings")))
    return infinitive and (not of_action or lex.cue("action_verbs").search(first) is not None)


STATE_REACH = 4  # the words of a question that asks only how something goes ("¿en qué va?", "e aí, como está?")


def its_state(before: Clause, words: Words, language: str) -> bool:
    """A short question of how something is going that names nothing of its own, after a clause that named an action
    with a state (a dispute): it asks the state of that action."""
    states = common().get("state_of") or {}
    action = any(i in states for i in (*[g.label for g in before.intents[:1]], *before.anchors))
    # "va" also agrees ("va pues"): a word of agreement names nothing asked
    short = len(words.content) <= STATE_REACH and not set(anchors(words.text, language)) - {"affirm"}
    return action and short and lexicon(language).cue("under_way").search(words.text) is not None
