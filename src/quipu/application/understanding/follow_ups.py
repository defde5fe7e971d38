"""The rules that read a clause against the conversation before it: a correction of the last request, a follow-up
that only changes it (an answer to code's question or offer is `answers`). Each leans on `continues_an_action`,
the half of the safety rule that says which words may complete a request to act."""

from quipu.application.understanding.catalog import Catalog
from quipu.application.understanding.commands import ITS_TERMS, Command, Step
from quipu.application.understanding.conversation import (
    NEW_REQUEST,
    SHORT_FOLLOW_UP,
    Conversation,
    asked_for,
    asked_outright,
    details_named,
    refines,
    said_length,
    sure,
)
from quipu.application.understanding.one_more import BILL, one_more_to_pay
from quipu.domain.reading.model import Clause, Mood, Polarity, Speaker


def corrects_the_last(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    """ "ese mismo pero 200", "mejor a la corriente", "al revés": the last request, changed; its card, replaced."""
    s = clause.slots
    if not (s.correction or s.reversed) or conversation.last_intent is None or conversation.last_skill is None:
        return None
    # "¿cuánto era 40 dólares en pesos?": a figure asked, never a sum corrected ("la cifra está mal: son 54" says it)
    if s.how_much and (clause.asked or clause.mood == Mood.QUESTION):
        return None
    # "mejor espero": holding, nothing changed; "no espera, mejor 2500" holds the card to change its sum or account
    changed = s.amounts or s.products or s.last4 or s.settles
    if catalog.handled(clause.intent) == "small_talk" and sure(clause) and not changed:
        return None
    if not continues_an_action(clause) or conversation.last_skill not in conversation.offered:
        return None
    other = catalog.skill_of(clause.intent)
    # "no espere, mejor el pago mínimo nada más": what the last payment settles, said again, changes that payment
    resettled = bool(s.settles) and catalog.takes_declared(conversation.last_intent, SETTLES)
    if other not in (None, conversation.last_skill) and sure(clause, NEW_REQUEST) and clause.anchors and not resettled:
        return None  # "mejor dime mi saldo": a new request of its own
    # "no, no quiero bloquearla, solo que me avisen si…": another action of the same skill, asked outright
    another_action = clause.intent != conversation.last_intent and catalog.acts(clause.intent)
    # outright: the lexicon names it; "mejor a la de ahorro" names only a product, which changes the last request
    outright = clause.intent in clause.anchors or bool(clause.slots.amounts)
    # "pará, en vez del mínimo mandale 120 lucas": what it replaces is the last request's own figure
    replaces_its_figure = bool(s.settles and s.amounts) and catalog.takes_declared(conversation.last_intent, SETTLES)
    if another_action and outright and asked_for(clause) and sure(clause, NEW_REQUEST) and not replaces_its_figure:
        return None
    # "…pasa dos mil a la de ahorro no espera que sean tres mil" after a lookup: the action named outright is corrected
    # in its own words; a lookup has no sum to change
    if another_action and clause.settled == Mood.REQUEST and s.products and not catalog.acts(conversation.last_intent):
        return None
    return Command(
        Step.ANSWER, clause, conversation.last_skill, conversation.last_intent, follow_up=True, reason="corrects"
    )


def continues_an_action(clause: Clause) -> bool:
    """Words that complete or correct a request to act ("de la de ahorro", "mejor 200") in the customer's own
    voice; a supposition, a question about it, a report or a refusal never does ("¿y si fueran 300?")."""
    voiced = clause.speaker == Speaker.CUSTOMER and clause.polarity == Polarity.ASKS
    # "y en la de cheques cuánto hay?" while a transfer waits: a question of how much, naming no sum, asks for figures
    of_figures = clause.mood == Mood.QUESTION and clause.slots.how_much and not clause.slots.amounts
    return voiced and not of_figures and clause.mood not in (Mood.HYPOTHETICAL, Mood.ACTION_QUESTION, Mood.REPORT)


SETTLES = frozenset({"settles"})
PERIOD_DETAILS = frozenset({"periods", "current_one", "one_before"})
ONLY_A_DETAIL = 5  # "e nos últimos 7 dias?": words that only change the last request are this few


def _asks_its_own_lookup(clause: Clause, conversation: Conversation, catalog: Catalog) -> bool:
    """ "mostrame las compras de más de 50 lucas" after a comparison: another lookup asked outright, which the
    reader is sure of, is a request of its own (what it names narrows it, not the last one)."""
    s = clause.slots
    outright = clause.settled == Mood.REQUEST and not s.continues
    other = clause.intent != conversation.last_intent and catalog.skill_of(clause.intent) is not None
    return outright and other and not _about_what_was_shown(clause) and sure(clause) and not catalog.acts(clause.intent)


def _asks_another(clause: Clause, conversation: Conversation, catalog: Catalog) -> bool:
    """ "y cuánto me queda en el ahorro?" while a payment waits: more than a detail, another request the lexicon
    names and the reader is sure of, whatever detail of the last one it also names ("¿y en el Éxito en ese mismo
    tiempo?" names none: a detail). After an action, a question the lexicon names of a lookup is one however
    short ("e quanto sobra na poupança?"): an action's detail is never asked as a question of figures."""
    named = clause.intent in clause.anchors
    other = named and sure(clause, NEW_REQUEST) and clause.intent != conversation.last_intent
    looks_up_after_acting = (
        clause.mood == Mood.QUESTION
        and catalog.acts(conversation.last_intent or "")
        and catalog.skill_of(clause.intent) not in (None, conversation.last_skill)
        and not catalog.acts(clause.intent)
    )
    long_enough = len(clause.words) > ONLY_A_DETAIL or looks_up_after_acting
    return other and long_enough and not _about_what_was_shown(clause)


def _points_back(clause: Clause, conversation: Conversation, catalog: Catalog) -> bool:
    """ "y en total cuánto se me fue en eso", "e quanto deu nisso?": a lookup of the last one's skill, whose words
    point back at what was just asked, asks of that (its merchant, its period), whatever else it says."""
    last = conversation.last_intent or ""
    same_skill = catalog.skill_of(clause.intent) == conversation.last_skill
    lookups = not catalog.acts(clause.intent) and not catalog.acts(last)
    known = conversation.last_skill in conversation.offered and bool(last)
    return clause.slots.that_one and same_skill and lookups and known and clause.polarity == Polarity.ASKS


def _about_what_was_shown(clause: Clause) -> bool:
    """ "ponmelos de mayor a menor", "¿y el anterior?": words about what was just shown always lean on it."""
    s = clause.slots
    return s.by_size or s.one_before or s.current_one


def kind_named(clause: Clause) -> frozenset[str]:
    """An alert's kind ("cuando vence", "cobrança duplicada") details only an alert: it is no detail of any lookup."""
    return frozenset({"alert_kind"}) if clause.slots.alert_kind else frozenset()


def _adds_to_the_action(clause: Clause, conversation: Conversation, catalog: Catalog) -> bool:
    """ "e também quando tiver cobrança duplicada" after an alert: "also" with another value of a detail the last
    action declares its own asks that action again for it, whatever else those words could name."""
    last = conversation.last_intent
    another_action = catalog.acts(clause.intent) and clause.intent != last and sure(clause, NEW_REQUEST)
    # "y también unos días antes de que se venza el pago de la tarjeta" after an alert: the alert's kind is named, and
    # another action (the payment) only as what it is about, not asked for
    its_kind = catalog.takes_declared(last or "", kind_named(clause)) and not asked_for(clause)
    return bool(
        last
        and (its_kind or not (another_action or _asks_another(clause, conversation, catalog)))
        and clause.slots.continues
        and catalog.acts(last)
        and conversation.last_skill in conversation.offered
        and catalog.takes_declared(last, details_named(clause) | kind_named(clause))
        and continues_an_action(clause)
    )


def follows_up(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    """Words that only change the last request ("¿y en abril?", "y en Uber?", "la de débito"), or a short
    question that names nothing of its own ("¿cuándo la abrieron?"): the last request, changed. Words the reader
    is sure name another request, or that the lexicon names outright, are a request of their own."""
    if clause.slots.not_in_records or clause.slots.no_skill_topic:  # "¿y en qué cripto invierto?": nothing served
        return None
    # "oye y tú cómo ves, le gana México a Corea hoy o no": a sentence of its own the reader places outside the bank
    # changes no last request, whatever day it names
    if clause.intent == Step.OUT_OF_SCOPE.value and len(clause.words) > SHORT_FOLLOW_UP:
        return None
    if clause.polarity == Polarity.POSTPONES:  # "eso después, ¿cuánto debo?": what is put off is not asked again
        return None
    # "…, pero la tarjeta déjala activa": an action on a product of theirs, refused, is no detail of the last request
    if clause.polarity == Polarity.REFUSES and clause.slots.products:
        return None
    # "suponete que pierdo la tarjeta, …" after the movements: a supposition of its own changes no last request
    if clause.mood == Mood.HYPOTHETICAL and not clause.slots.continues:
        return None
    if _its_terms_asked(clause, conversation, catalog):  # "tem custo?" while the summary's card waits
        return Command(Step.EXPLAIN, clause, conversation.last_skill, conversation.last_intent, reason=ITS_TERMS)
    detailed = refines(clause)
    # "¿y en pesos?", "e nos últimos 7 dias?", "só as acima de 200": a short opening that only changes the last one
    # "y págale medio palo a la tarjeta" after a bill's card is an action of its own, asked outright, not a change
    own_action = catalog.acts(clause.intent) and clause.intent != conversation.last_intent and asked_for(clause)
    only_changes = (
        clause.slots.continues
        and detailed
        and said_length(clause) <= SHORT_FOLLOW_UP
        and not (own_action and sure(clause))
        and not _asks_another(clause, conversation, catalog)
    )
    if not only_changes and _points_back(clause, conversation, catalog):
        intent = _asked_of_the_last(clause, conversation, catalog, only_changes)
        return Command(Step.ANSWER, clause, conversation.last_skill, intent, follow_up=True)
    if one_more_to_pay(clause, conversation, catalog):
        return Command(Step.ANSWER, clause, catalog.skill_of(BILL), BILL)
    if _asks_its_own_lookup(clause, conversation, catalog):
        return None
    if _adds_to_the_action(clause, conversation, catalog):
        return Command(Step.ANSWER, clause, conversation.last_skill, conversation.last_intent, follow_up=True)
    if _concludes_from_the_last(clause, conversation, catalog, detailed):
        return Command(Step.ANSWER, clause, conversation.last_skill, conversation.last_intent, follow_up=True)
    # "¿y en lo que va de este?": a "va" inside the words of a detail is no yes of its own
    named = [a for a in clause.anchors if not (detailed and a == "affirm")]
    # "y de cuánto es la mensualidad?" after what the loan owes: the same lookup named again, "and…", with no product
    # of its own, asks it of what the last one looked at
    last = conversation.last_intent
    again = clause.slots.continues and named == [last] and not clause.slots.products and not catalog.acts(last or "")
    named = [] if again else named
    if named or (sure(clause, NEW_REQUEST) and clause.intent != last and not only_changes):
        return None
    if detailed and not catalog.narrowed_by(conversation.last_intent or "", details_named(clause)):
        return None  # "volviendo a lo del uber…" after a balance: a merchant narrows no balance
    short = clause.mood in (Mood.QUESTION, Mood.ACTION_QUESTION) and said_length(clause) <= SHORT_FOLLOW_UP
    known = conversation.last_skill in conversation.offered and conversation.last_intent
    if short and known and not catalog.acts(conversation.last_intent or ""):
        intent = _asked_of_the_last(clause, conversation, catalog, only_changes)
        return Command(Step.ANSWER, clause, conversation.last_skill, intent, follow_up=True)
    # a sentence of its own about another skill's matter ("foram dois débitos estranhos hoje") is a new request
    of_its_own = sure(clause) and catalog.skill_of(clause.intent) not in (None, conversation.last_skill)
    if of_its_own and not only_changes:
        return None
    if conversation.last_skill in conversation.offered and detailed and conversation.last_intent:
        if catalog.acts(conversation.last_intent) and not continues_an_action(clause):
            return None
        # "le meto 2 mil al prestamo con lo de cheques" while a card's payment waits: a whole request, not a detail
        # changed, acts only when its words ask outright (else it is offered, and the card waiting stays)
        whole = len(clause.words) > SHORT_FOLLOW_UP and not only_changes
        if catalog.acts(conversation.last_intent) and whole and not asked_outright(clause):
            return None
        # a question of its own after an action ("¿y esa plata vuelve a la tarjeta o a la caja de ahorro?") asks
        # about it; only a short change of the last request ("¿y a la corriente?") may complete it
        if catalog.acts(conversation.last_intent) and clause.mood == Mood.QUESTION and not only_changes:
            return None
        intent = _asked_of_the_last(clause, conversation, catalog, only_changes)
        return Command(Step.ANSWER, clause, conversation.last_skill, intent, follow_up=True)
    return None


def _its_terms_asked(clause: Clause, conversation: Conversation, catalog: Catalog) -> bool:
    """ "tem custo?", "¿y cuánto tarda?" right after an action was prepared: its terms, asked of that action; one named
    outright ("¿y cuánto cuesta una transferencia?") is asked of its own."""
    last = conversation.last_intent or ""
    named = catalog.acts(clause.intent) and clause.intent in clause.anchors and clause.intent != last
    return clause.slots.its_terms and catalog.acts(last) and conversation.pending and not named


FIGURE_SAID_BACK = frozenset({"amounts", "products", "last4"})  # a figure, and where the customer reads it


def _concludes_from_the_last(clause: Clause, conversation: Conversation, catalog: Catalog, detailed: bool) -> bool:
    """ "o sea que no tengo que hacer ningún reclamo?" after a reversed charge was told: what the customer concludes
    from the last answer, asked back and naming nothing new, is asked of that answer (a claim named in it is no
    request to list the complaints). A figure said back ("o sea que tengo 3 lucas nomás?") is the answer checked."""
    # "o sea que me quedan 12 mil nomás en la de ahorro?": the figure with the account it is in is still the answer
    known = conversation.last_skill in conversation.offered and conversation.last_intent
    detailed = detailed and not details_named(clause) <= FIGURE_SAID_BACK
    return bool(clause.slots.concludes and known and not detailed and not catalog.acts(conversation.last_intent or ""))


def _asked_of_the_last(clause: Clause, conversation: Conversation, catalog: Catalog, only_changes: bool) -> str | None:
    """What a follow-up asks of the last request: another lookup of the same skill the reader is sure of ("¿y entre
    ellos, cuál fue mayor?", "e quanto foi no total na drogasil desse mês?" after the largest purchase) keeps what
    the last request named and asks its own question, when more than a detail is said; else the last request."""
    # "¿y en lo que va de junio?": a period alone, however many words say it, names no question of its own
    named = set(clause.anchors) - {"affirm"}  # the "va" of "lo que va de junio" is no yes
    only_a_period = only_changes and not named and details_named(clause) <= PERIOD_DETAILS
    asks_more = (not only_changes or len(clause.words) > ONLY_A_DETAIL) and not only_a_period
    asks_more = asks_more and not _about_what_was_shown(clause)
    own = sure(clause) and catalog.skill_of(clause.intent) == conversation.last_skill and asks_more
    return clause.intent if own and not catalog.acts(clause.intent) else conversation.last_intent
