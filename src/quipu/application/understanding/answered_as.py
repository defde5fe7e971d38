"""Rules of the one router that answer a clause as what its words plainly are, given the conversation: a question
of when a payment is due is the debt's due date; what the customer already did is looked up; a payment asked
after a debt was shown pays that debt; a lookup asked by e-mail is the summary e-mail; a charge recognised is
acknowledged."""

from quipu.application.understanding.catalog import Catalog
from quipu.application.understanding.commands import Command, Step
from quipu.application.understanding.conversation import (
    BILLS,
    DEBT,
    EMAIL,
    MONEY_INTENTS,
    MOVEMENTS,
    PAYING,
    UNRECOGNIZED,
    Conversation,
    answered_as,
    asked_for,
    sure,
)
from quipu.application.understanding.follow_ups import continues_an_action
from quipu.domain.reading.model import Clause, Mood, Polarity, Speaker
from quipu.domain.reading.products import DEBT_KINDS

INSTALLMENTS = "installments"
CANCEL_CARD = "cancel_card"
INSTALLMENT_KINDS = frozenset({"loan"})  # "¿cuánto me falta del préstamo?": its installments (and what is owed)


def asks_when(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    """ "¿hasta cuándo puedo pagar el préstamo?", "quando vence a fatura?", "¿cuánto me falta por liquidar?": a
    question of when a payment is due, or of how much is left, is answered from the records (the debt, a bill's
    due date, a loan's installments), never explained as a payment."""
    s = clause.slots
    # "¿hasta qué fecha tengo para cancelar la tarjeta?": cancelling a debt is paying it off (Colombia, Argentina)
    # "y cuándo me vence el resumen": a plain question of when something falls due is the debt's, whatever noun
    # the reader leaned to
    plainly_when = s.deadline and clause.mood == Mood.QUESTION
    if not (s.deadline or s.remaining) or (clause.intent not in PAYING | {CANCEL_CARD, DEBT} and not plainly_when):
        return None
    # "hasta que fecha tengo pa cancelarla" asks without its "?", "¿me podría indicar hasta qué fecha…?" asks
    # politely: the words of a deadline are a question's own
    asked = clause.mood in (Mood.QUESTION, Mood.ACTION_QUESTION) or (
        s.deadline and clause.mood not in (Mood.REPORT, Mood.HYPOTHETICAL)
    )
    if not asked:
        return None
    if s.services:
        return answered_as(clause, BILLS, conversation, catalog)
    paid_in_installments = s.remaining and any(p.kind in INSTALLMENT_KINDS for p in s.products)
    return answered_as(clause, INSTALLMENTS if paid_in_installments else DEBT, conversation, catalog)


SHOWN_BEFORE_PAYING = {"pay_debt": DEBT, "pay_bill": BILLS}  # what the records show of what a payment would pay


def figure_supposed(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    """ "si liquido toda la tarjeta hoy, ¿cuánto tendría que pagar?", "e se eu pagar só o mínimo, quanto fica?": a
    payment supposed in order to ask how much is asked of the records (what the debt or the bills are), not
    explained as a payment."""
    if clause.mood != Mood.HYPOTHETICAL or not clause.slots.how_much or clause.polarity != Polarity.ASKS:
        return None
    shown = SHOWN_BEFORE_PAYING.get(clause.intent)
    if shown is None or clause.speaker != Speaker.CUSTOMER:
        return None
    return answered_as(clause, BILLS if clause.slots.services else shown, conversation, catalog)


# what a lookup showed, and the payment that pays it: a card's or a loan's debt, or the bills waiting
CARDS = "list_cards"  # a card the customer acted on themselves is looked at as the records hold it
CARD_ENDING = frozenset({"last4"})
PAID_AFTER = {DEBT: "pay_debt", INSTALLMENTS: "pay_debt", BILLS: "pay_bill"}
AFFIRM = "affirm"
MOVING = frozenset({"transfer"})
PAYING_FLOOR = 0.3  # the readings of paying together, at least
LOOKUP_ASKED = (Mood.QUESTION, Mood.REQUEST, Mood.ACTION_QUESTION)
OWED = frozenset({*DEBT_KINDS, "card", "credit"})  # what the words name as owed, never a bill


def pays_what_was_shown(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    """ "va, págala desde la de ahorro" after what the loan owes was shown, "dele, páguela de una" after the bills
    were: a payment asked then, naming no bill of its own, is of what was shown (the product or the bill the last
    request named)."""
    paid = PAID_AFTER.get(conversation.last_intent or "")
    if paid is None or clause.slots.services or not continues_an_action(clause) or _names_a_debt(paid, clause):
        return None
    # "dale, págalo": a yes and a payment in one; the payment must outweigh any other reading but the yes
    # "abónale eso desde la corriente": money moved to what was just shown, named by a pronoun, pays it
    moving = PAYING | MOVING if clause.slots.that_one else PAYING
    paying = sum(g.confidence for g in clause.intents if g.label in moving)
    other = max((g.confidence for g in clause.intents if g.label not in moving | {AFFIRM}), default=0.0)
    skill = catalog.skill_of(paid)
    if paying < PAYING_FLOOR or paying <= other or not asked_for(clause) or skill not in conversation.offered:
        return None
    return Command(Step.ANSWER, clause, skill, paid, follow_up=True, reason="acts")


def pays_what_it_looked_up(clause: Clause, before: Command | None, catalog: Catalog) -> Command | None:
    """ "y cuánto vino lo de la luz? abonala también de ahí": a payment asked right after a lookup of the same message,
    naming nothing else to pay, pays what that lookup named (the bill, the debt)."""
    looked = before.clause if before is not None and before.step == Step.ANSWER else None
    paid = PAID_AFTER.get(before.intent or "") if before is not None and looked is not None else None
    # a lookup asked ("De llegar a vencerse la luz…" asks none), then a payment asked outright, as the lexicon's rules
    # read it ("abonala"), not guessed ("lo pagaría con la 1003"), naming no other bill
    if paid is None or looked is None or looked.mood not in LOOKUP_ASKED or clause.settled != Mood.REQUEST:
        return None
    if clause.polarity != Polarity.ASKS or set(clause.slots.services) - set(looked.slots.services):
        return None
    if _names_a_debt(paid, clause):  # "…paga só o mínimo do cartão"
        return None
    if clause.intent not in PAYING or clause.speaker != Speaker.CUSTOMER or not asked_for(clause):
        return None
    return Command(Step.ANSWER, clause, catalog.skill_of(paid), paid, follow_up=True, rule="pays what it looked up")


def _names_a_debt(paid: str, clause: Clause) -> bool:
    """ "mejor pasale una mensualidad al préstamo", "paga o mínimo do cartão" after the bills: a payment naming a card
    or a loan is of that debt, not of the bills shown."""
    return paid == PAID_AFTER[BILLS] and bool({p.kind for p in clause.slots.products} & OWED)


def already_done(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    """ "pagué la luz en el Oxxo, ¿ya se ve?", "já transferi", "ya bloqueé la tarjeta desde la app": what the
    customer did is looked up in the records (the bills still pending, the movements, the cards), never prepared
    again."""
    # "já contestei aquela cobrança do ifood, deu em alguma coisa?": the action done is the one the reader leans to,
    # else the one the lexicon names when the reader is unsure of the lookup it leans to
    named = next((a for a in clause.anchors if catalog.acts(a)), None)
    done = clause.intent if catalog.acts(clause.intent) else (None if sure(clause) else named)
    if done is None or clause.polarity != Polarity.ASKS or clause.mood == Mood.REQUEST:
        return None
    if not clause.done:
        return None
    shown = catalog.once_done(done)  # "reclamei de uma cobrança errada": the case they opened
    if shown is not None:
        return answered_as(clause, shown, conversation, catalog)
    if done not in MONEY_INTENTS:  # a card's action (one that takes the card's ending) is looked at
        on_a_card = catalog.takes_declared(done, CARD_ENDING)
        return answered_as(clause, CARDS, conversation, catalog) if on_a_card else None
    return answered_as(clause, BILLS if done == "pay_bill" else MOVEMENTS, conversation, catalog)


def recognised(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    """ "ah ok sí, ese fue un almuerzo" after a charge was looked at: the customer recognises it; nothing is looked at
    again and nothing is opened. A complaint named in the same words ("fue un cobro doble") is no recognition."""
    charges = catalog.skill_of(UNRECOGNIZED)
    # "…fue el monitor que pedí por internet, no hagan nada": recognised, and nothing to be done
    # "ese fue el mercado que hicimos con mi señora, qué pena con usted": no question mark, no question to the bank
    said = clause.mood == Mood.STATEMENT or (clause.mood == Mood.QUESTION and not clause.asked)
    told = said and clause.polarity != Polarity.POSTPONES and clause.speaker == Speaker.CUSTOMER
    # "…fue el regalo de mi hermana que compré desde la app": what was bought, told as the reason, asks no movements
    named = set(clause.anchors) - {"affirm", "thanks", MOVEMENTS}
    if not (clause.slots.recognised and told and not named and conversation.last_skill == charges):
        return None
    return Command(Step.ACKNOWLEDGE, clause, charges, conversation.last_intent, reason="recognised")


def emailed(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    """ "mándame al mail cuánto debo": what a lookup would show, asked by e-mail, is the summary e-mail."""
    if EMAIL not in clause.anchors or clause.intent == EMAIL or catalog.acts(clause.intent):
        return None
    if catalog.skill_of(clause.intent) is None or not asked_for(clause) or clause.polarity != Polarity.ASKS:
        return None
    return answered_as(clause, EMAIL, conversation, catalog)
