"""What the router leans on besides the words (the conversation so far), how sure the reader must be for each
step, and the small judgements every rule shares."""

from dataclasses import dataclass

from quipu.application.understanding.catalog import Catalog
from quipu.application.understanding.commands import Command, Step
from quipu.domain.reading.model import Clause, Mood

CONFIDENT = 0.5  # the learned reader's calibrated confidence to take a reading as said
SURE_TO_ACT = 0.6  # an acting intent needs more: in doubt, code asks
SURE_REQUEST = 0.8  # the learned reader's sureness that words ask, when no rule of the lexicon sees the request
SURE_TO_CASE = 0.75  # a case for a person to act, on words the lexicon does not name outright
NEW_REQUEST = 0.8  # a clause after code's question names a new request only when the reader is this sure
DOUBT_FLOOR = 0.15  # a reading this likely is worth offering in a question
SMALL_TALK_WORDS = 5
MONEY_INTENTS = frozenset({"transfer", "pay_debt", "pay_bill"})
ALERTS = frozenset({"alert_on", "alert_off"})  # an alert's words name the event it warns of ("cuando llegue…")
REFUND, CHARGE_STATUS = "refund", "charge_status"
BILLS = "list_bills"
DEBT = "debt"
MOVEMENTS = "movements"
UNRECOGNIZED = "unrecognized_charge"  # a charge the customer does not recognise
PAYING = frozenset({"pay_debt", "pay_bill"})
OWN_ACCOUNTS = frozenset({"savings", "checking", "account"})  # where money moved stays the customer's
OWN_DEBTS = frozenset({"credit_card", "card", "loan", "credit"})  # where money moved pays the customer's own debt
EMAIL = "email_summary"
SHORT_FOLLOW_UP = 8  # a question this short that names nothing of its own leans on the last request


@dataclass(frozen=True)
class Conversation:
    """What the router may lean on besides the words."""

    signed_in: bool
    offered: frozenset[str]  # the skills this customer may use now
    last_skill: str | None = None
    last_intent: str | None = None
    awaiting: bool = False  # the last turn asked the customer something
    offered_intent: str | None = None  # the last turn offered to prepare this
    pending: bool = False  # the last request's proposal waits for the customer's button
    waiting: frozenset[str] = frozenset()  # the skills whose cards, shown earlier in the conversation, still wait
    waiting_actions: frozenset[str] = frozenset()  # the catalog's actions on those cards ("block_card")


def pays_own(clause: Clause) -> bool:
    """ "mi viejo me dijo que pague el internet": paying the customer's own bill or debt sends money nowhere but where
    the records say, so someone close advising it steers nothing. A call "from the bank", a code, a scam's purpose,
    an account or another customer named, or an account they gave ("numa conta que ele passou") still make it a scam."""
    # "…leilão no instagram… pago com a 1007?": a payment that names no bill, card or loan pays nothing of theirs
    s = clause.slots
    # "…que pague la mitad del resumen de la 4433": a card of theirs named by its ending is theirs too
    theirs = s.services or s.settles or any(p.kind in OWN_DEBTS for p in s.products) or s.last4
    return clause.intent in PAYING and bool(theirs) and not _steered_elsewhere(clause)


def steers_nothing(clause: Clause) -> bool:
    """Money moved on advice that sends it nowhere a stranger chose: the customer's own bill or debt paid, money
    moved between their own accounts ("o gerente da agência falou pra passar 4 mil da corrente pra poupança"), or a
    sum for family that someone close asks ("mi viejo me dice que le mande 50 lucas a mi hermana"), with no account
    given, no stranger, no call "from the bank", no code and no scam's purpose."""
    s = clause.slots
    for_family = s.close_one and clause.intent in MONEY_INTENTS and not (s.stranger or _steered_elsewhere(clause))
    # "mi jefe quiere que todos le pasemos 60.000 a Andrés… para la vaca": a collection among people the customer knows
    pooled = s.collection and s.close_one and not (s.stranger or s.impersonation or s.secret or s.scam_purpose)
    return pays_own(clause) or for_family or pooled or _between_own(clause) or _their_own_money(clause)


def _their_own_money(clause: Clause) -> bool:
    """ "mi novio dice que él le va a pasar 30 lucas a Martina desde la suya", "me mandaron mis roomies su parte": the
    money moved is someone else's own, so the customer's is steered nowhere; a stranger, a demand, a code, a call
    "from the bank" or a scam's purpose still make it a scam."""
    s = clause.slots
    return s.their_money and not (s.stranger or s.demanded or s.secret or s.impersonation or s.scam_purpose)


def _between_own(clause: Clause) -> bool:
    """A transfer whose words name where it goes only as one of the customer's own accounts ("pra poupança 0011")."""
    s = clause.slots
    # "pásale 2,000 a la 4322 desde tu cuenta 1002": to the customer's own card or loan, a transfer pays their debt
    own_destination = any(p.role == "to" and p.kind in OWN_ACCOUNTS | OWN_DEBTS for p in s.products)
    return clause.intent == "transfer" and own_destination and not (s.stranger or _steered_elsewhere(clause))


def _steered_elsewhere(clause: Clause) -> bool:
    s = clause.slots
    named_elsewhere = s.accounts or s.bare_numbers or s.record_ids
    return bool(named_elsewhere or s.impersonation or s.secret or s.scam_purpose or s.given_account)


def said_length(clause: Clause) -> int:
    """The clause's words, a period counted as one ("y en lo que va de junio, de servicios?" is short)."""
    return len(clause.words) - clause.slots.period_words + len(clause.slots.periods)


def sure(clause: Clause, level: float = CONFIDENT) -> bool:
    return clause.confidence >= level


def named_or_sure(clause: Clause, level: float) -> bool:
    """The clause's intent is one the lexicon names outright, or one the reader is this sure of."""
    return clause.intent in clause.anchors or sure(clause, level)


def moves_money(clause: Clause) -> bool:
    """Money the words move: a money intent the reader is sure of or the lexicon names, or one with an amount; an
    account named. A weak guess of a transfer in words about something else ("le pregunto a mi esposo si él la
    usó") moves nothing, nor does what someone said one can do, with no sum and no account."""
    s = clause.slots
    if s.can_do and not (s.amounts or s.accounts or s.given_account):  # "me dijo que puedo transferir desde la app"
        return False
    said = clause.intent in MONEY_INTENTS and (named_or_sure(clause, CONFIDENT) or bool(s.amounts))
    # a sum to an account someone else gave ("deposite 3,201.70 a una CLABE nueva que viene en el correo") moves it
    return said or bool(s.accounts) or bool(s.amounts and (s.bare_numbers or s.given_account))


DETAILS = (  # the slots that narrow a request, by the names intents.yaml's `takes` uses
    "periods", "merchants", "categories", "amounts", "products", "last4", "other_one", "one_before", "current_one",
    "everything", "currencies", "places", "services", "over", "under", "window", "by_size", "settles",
)  # fmt: skip


def details_named(clause: Clause) -> frozenset[str]:
    """The details of a request the words carry: a period, a merchant, an amount, a product, an ending…"""
    return frozenset(name for name in DETAILS if getattr(clause.slots, name))


def refines(clause: Clause) -> bool:
    return bool(details_named(clause))


def answered_as(clause: Clause, intent: str, conversation: Conversation, catalog: Catalog) -> Command:
    """The clause answered as another intent the words plainly are ("¿ya me devolvieron…?" is what became of a
    charge)."""
    skill = catalog.skill_of(intent)
    if skill not in conversation.offered:
        return Command(Step.SIGN_IN, clause, skill, intent)
    reason = "acts" if catalog.acts(intent) else None
    return Command(Step.ANSWER, clause, skill, intent, reason=reason)


def asked_for(clause: Clause) -> bool:
    """The safety rule's judgement of asking: a request the rules see in its words (a request, a polite question,
    an imperative), or one the learned reader is sure of."""
    learned = clause.moods[0] if clause.moods else None
    certain = learned is not None and learned.label == Mood.REQUEST.value and learned.confidence >= SURE_REQUEST
    return clause.settled == Mood.REQUEST or certain or (not clause.moods and clause.mood == Mood.REQUEST)


def asked_outright(clause: Clause) -> bool:
    """The safety rule's judgement of asking for a proposal: a request the rules see in the words' form (an
    imperative of a verb of action, "quiero…", a polite question, a wish "que me…"). The learned reader's sureness
    alone draws no card: what it alone takes for a request ("le meto 10 mil al préstamo", "pagaria la luz con la
    1005") is offered, and the customer says; a reader trained on requests reads money words as one."""
    return clause.settled == Mood.REQUEST or (not clause.moods and clause.mood == Mood.REQUEST)
