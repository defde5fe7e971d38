"""Words that answer code's question or take up its offer: they continue that request (a yes, a detail, one of the
charges listed, how much is settled), unless they plainly start a new one."""

from quipu.application.understanding.answered_as import PAID_AFTER
from quipu.application.understanding.catalog import Catalog
from quipu.application.understanding.commands import Command, Step
from quipu.application.understanding.conversation import (
    BILLS,
    NEW_REQUEST,
    PAYING,
    Conversation,
    asked_for,
    asked_outright,
    details_named,
    refines,
    sure,
)
from quipu.application.understanding.follow_ups import continues_an_action, kind_named
from quipu.domain.reading.model import Clause, Mood, Polarity
from quipu.domain.reading.products import DEBT_KINDS

SAID_ALONE = 2  # "todo", "o total": a settling said on its own ("gracias, es todo" closes)

# moods in which an action the words name is told of, not asked of code
_NOT_ASKED_OF_CODE = (Mood.QUESTION, Mood.HYPOTHETICAL, Mood.REPORT)


def answers_a_question(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    """Words that answer code's question (or take up code's offer) continue that request, unless they plainly
    start a new one of another skill."""
    offered = conversation.offered_intent
    # "liga isso pra mim", "haz eso": a request whose object is a pronoun asks for what was just offered; "eso
    # después" names it only to put it off
    # "paga minha conta de água" after an offer to transfer is a request of its own, not a detail of the offer
    own_request = sure(clause, NEW_REQUEST) and clause.intent not in (offered, "affirm")
    # "ok pagala desde la de ahorro" after an offer to pay the light bill: paying, naming nothing else to pay, pays it
    own_request = own_request and not _pays_what_was_offered(clause, offered)
    # "me liga à tarde pra gente ver isso": a pronoun inside a request the lexicon names is no taking up
    asked_for_that = (
        clause.slots.that_one and asked_for(clause) and not (own_request and clause.intent in clause.anchors)
    )
    takes_up = (
        clause.intent == "affirm"
        or asked_for_that
        or (
            refines(clause)
            and not own_request
            and catalog.skill_of(clause.intent) in (None, catalog.skill_of(offered or ""))
            # "¿va a llover mañana en Bogotá?" after an offer to block: a detail the offer does not take completes
            # nothing
            and catalog.narrowed_by(offered or "", details_named(clause))
            # "…e ficar só com a poupança, vcs acham que vale?": a detail inside a question of what to do, a
            # supposition or someone else's words takes nothing up
            and clause.mood not in (Mood.ACTION_QUESTION, Mood.HYPOTHETICAL, Mood.REPORT)
        )
    )
    if offered and takes_up and continues_an_action(clause) and not clause.slots.correction:
        skill = catalog.skill_of(offered)
        if skill in conversation.offered:
            return Command(Step.ANSWER, clause, skill, offered, follow_up=True, reason="offer")
        # "sí, pásaselo" after what only a person does was offered: a person takes it
        only_a_person = catalog.get(offered)
        if only_a_person is not None and only_a_person.handled == "never_automated":
            return Command(Step.REFUSE, clause, intent=offered, reason=only_a_person.action)
    if not conversation.awaiting or conversation.last_skill is None:
        return None
    picked = _picked_from_the_list(clause)  # "a terceira", "el más caro": one of what code listed, whatever else
    # "todo" while code asks how much of a debt to pay: the whole, however the reader leans to a goodbye
    settled = bool(clause.slots.settles) and conversation.last_intent == "pay_debt" and len(clause.words) <= SAID_ALONE
    if catalog.handled(clause.intent) == "small_talk" and sure(clause) and not picked and not settled:
        return None  # "ok gracias, lo pienso"
    # "¿qué me conviene más, pagar toda la tarjeta o nomás el mínimo?" while code asks which bill: a question of what
    # to do about another action answers nothing asked
    advice = clause.mood == Mood.ACTION_QUESTION and clause.intent != conversation.last_intent
    # "¿me dices si alcanza para pagar el internet con la de ahorro?", "¿y si pago el agua con…?", "mi esposo dice
    # que pague…" while code asks which bill: an action named in a request to be told, a supposition or someone
    # else's words is asked about, never the awaited answer, whichever action code asked after
    advice = advice or (clause.mood in _NOT_ASKED_OF_CODE and clause.intent in clause.anchors)
    if advice and catalog.acts(clause.intent) and sure(clause):
        return None
    skill = catalog.skill_of(clause.intent)
    # "mejor actívame el aviso de cuando vence" after a question about a charge: another skill's action, asked
    # outright, is a request of its own, whether or not the lexicon names it
    outright = bool(clause.anchors) or (catalog.acts(clause.intent) and asked_for(clause))
    # "y cuánto me fui en salidas y cine este mes" after a question about a charge: a lookup the reader is sure of,
    # asked with a period or a category of its own, is a request of its own even where the lexicon names none
    s = clause.slots
    outright = outright or (
        clause.mood == Mood.QUESTION and not catalog.acts(clause.intent) and bool(s.periods or s.categories)
    )
    new_request = sure(clause, NEW_REQUEST) and skill is not None and skill != conversation.last_skill and outright
    # "a do vencimento" while code asks which alert: the kind it asks for, said with no question of its own
    kind_given = catalog.takes_declared(conversation.last_intent or "", kind_named(clause))
    kind_given = kind_given and clause.mood not in (Mood.QUESTION, Mood.ACTION_QUESTION)
    new_request = new_request and not _settles_what_was_asked(clause, conversation, catalog) and not picked
    new_request = new_request and not kind_given
    refused = clause.polarity != Polarity.ASKS and catalog.acts(clause.intent) and clause.slots.amounts == ()
    nothing_served = clause.intent == "out_of_scope" and sure(clause) and not picked  # "¿va a llover mañana?"
    # "no mejor no, déjalo" while code asks the sum of a transfer nothing prepared yet: the request is dropped
    dropped = clause.intent == "cancel_pending" and sure(clause) and not conversation.pending
    dropped = dropped and not (clause.slots.correction and details_named(clause))  # "me equivoqué, son 300" corrects
    if dropped and catalog.acts(conversation.last_intent or ""):
        return Command(Step.ACKNOWLEDGE, clause, intent=conversation.last_intent, reason="declined")
    if new_request or refused or nothing_served or clause.intent in ("human", "scam_report", "cancel_pending"):
        return None
    if clause.intent == "deny" and sure(clause):
        return Command(Step.ACKNOWLEDGE, clause, intent=conversation.last_intent, reason="declined")
    # a request of the same skill said outright ("paga el de la luz" after the list of bills) is that request; a bare
    # detail ("de la corriente") the reader alone takes for a request of another action only answers
    asked_here = catalog.acts(clause.intent) and clause.asks and asked_outright(clause)
    named_here = skill == conversation.last_skill and sure(clause) and (clause.intent in clause.anchors or asked_here)
    # "¿me mandas el resumen al correo?" while code offers to switch an alert off: another action of the skill, named
    # and asked, is a request of its own, one card more beside the others, never the offer's answer
    if named_here and asked_here and clause.intent in clause.anchors and clause.intent != conversation.last_intent:
        return None
    intent = clause.intent if named_here else conversation.last_intent
    if catalog.acts(intent or "") and not clause.asks and intent != conversation.last_intent:
        intent = conversation.last_intent  # a new action of the skill is proposed only when asked for
    if _a_bill_picked(clause, conversation):  # "só a de água por enquanto" while code asks which bill to pay
        intent = PAID_AFTER[BILLS]
    if catalog.acts(intent or "") and not continues_an_action(clause):
        return None
    # an action is completed only by words that carry something of it: a yes, a detail ("la de débito"), the
    # request said again; "y otra pregunta…" or any other words that merely follow take nothing up
    carries = refines(clause) and catalog.narrowed_by(intent or "", details_named(clause))
    # "la de duplicados" while code asks which alert: the alert's kind, a detail only of what takes it
    carries = carries or catalog.takes_declared(intent or "", kind_named(clause))
    # "otra cosita, …" while code asks which alert: a request asked here completes only the request it is
    completes = clause.intent == "affirm" or carries or (asked_here and clause.intent == intent) or asked_for_that
    # "vc consegue me dizer se a poupança cobre a conta de luz?" while code asks which bill: words the rules read as a
    # request to be told carry the bill and the account, yet ask only to know
    if catalog.acts(intent or "") and (not completes or clause.settled == Mood.QUESTION):
        return None
    return Command(Step.ANSWER, clause, conversation.last_skill, intent, follow_up=True)


def _a_bill_picked(clause: Clause, conversation: Conversation) -> bool:
    """A bill named, with no question of its own, right after code listed the bills and asked which to pay: the one to
    pay ("só a de água por enquanto"); asked about ("¿y la del agua cuánto es?") or told as paid, it is not."""
    s = clause.slots
    asked_of = clause.asked or s.how_much or s.deadline or clause.done
    return conversation.last_intent == BILLS and bool(s.services) and not asked_of and continues_an_action(clause)


def _picked_from_the_list(clause: Clause) -> bool:
    """ "a terceira", "el de amazon el más caro" while code asks which of the charges it listed: one of that list,
    picked by its place or its size; no lookup of the largest purchase of a period of its own."""
    s = clause.slots
    return (s.biggest or s.ordinal is not None) and not s.periods and clause.mood != Mood.ACTION_QUESTION


def _settles_what_was_asked(clause: Clause, conversation: Conversation, catalog: Catalog) -> bool:
    """ "el mínimo, de la de cheques" while code asks how much of the card to pay: how much is settled, said with no
    question of its own, answers the payment asked about, whatever lookup the lexicon names by the same words."""
    # "o valor total" is said, not asked: only a question the rules see ("¿cuánto es el mínimo?") asks its figure
    said = bool(clause.slots.settles) and clause.settled not in (Mood.QUESTION, Mood.ACTION_QUESTION)
    # only a request that takes how much is settled by it: "…el pago mínimo" after a charge looked at asks its own
    settles = catalog.takes_declared(conversation.last_intent or "", frozenset({"settles"}))
    return said and settles and catalog.narrowed_by(conversation.last_intent or "", details_named(clause))


def _pays_what_was_offered(clause: Clause, offered: str | None) -> bool:
    s = clause.slots
    names_another = bool(s.services) or any(p.kind in DEBT_KINDS for p in s.products)
    return {clause.intent, offered or ""} <= PAYING and not names_another
