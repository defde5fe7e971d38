"""The rules of the one router, each a function from a clause (and the conversation) to a command or None, and
their order, written down: the first rule that returns a command decides the clause.

The safety rule lives here, in `act_or_not` and the judgement it leans on (`asked_outright`; for words that
complete a request, `follow_ups.continues_an_action`): a proposal (a card, a transfer, a payment, a case for a
person to act) comes only from a clause that asks for it: a request, not negated or put off, in the customer's own
voice. A question about an action
gets code's explanation and an offer; a reported instruction to move money or share a code gets a scam warning and
a person."""

from collections.abc import Callable

from quipu.application.understanding.answered_as import (
    already_done,
    asks_when,
    emailed,
    figure_supposed,
    pays_what_was_shown,
    recognised,
)
from quipu.application.understanding.answers import answers_a_question
from quipu.application.understanding.catalog import Catalog
from quipu.application.understanding.commands import ON_A_SCHEDULE, Command, Step
from quipu.application.understanding.conversation import (
    ALERTS,
    BILLS,
    CONFIDENT,
    DOUBT_FLOOR,
    PAYING,
    SMALL_TALK_WORDS,
    SURE_TO_ACT,
    Conversation,
    answered_as,
    asked_outright,
    sure,
)
from quipu.application.understanding.follow_ups import (
    corrects_the_last,
    follows_up,
)
from quipu.application.understanding.to_a_person import asked_for_a_person, never_automated, scam_reported
from quipu.application.understanding.withdrawing import cancel_pending
from quipu.domain.reading.lexicon import common
from quipu.domain.reading.model import Clause, Mood, Polarity, Speaker

Rule = Callable[[Clause, Conversation, Catalog], Command | None]
PRODUCTS, PERIODS = frozenset({"products"}), frozenset({"periods"})


# small talk that may take many words ("¿y si no le pico al botón, qué pasa, se borra sola?")
SAID_AT_LENGTH = frozenset({"thanks", "bye", "who_are_you", "about_the_button"})


def _small_talk(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    intent = catalog.get(clause.intent)
    if (
        intent is None
        or intent.handled not in ("small_talk", "answer")
        or not (sure(clause) or _all_talk(clause, catalog))
    ):
        return None
    if len(clause.words) > SMALL_TALK_WORDS and clause.intent not in SAID_AT_LENGTH:
        return None
    return Command(Step.SMALL_TALK, clause, intent=clause.intent)


def _all_talk(clause: Clause, catalog: Catalog) -> bool:
    """ "gracias, es todo": thanks or a goodbye, the reader torn between the two, is small talk all the same (their
    weights together are sure; code asks nothing)."""
    talk = [g for g in clause.intents if (i := catalog.get(g.label)) is not None and i.handled == "small_talk"]
    return bool(talk) and talk[0] == clause.intents[0] and sum(g.confidence for g in talk) >= CONFIDENT


def _act_or_not(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    """THE rule: an acting intent is proposed only when the clause asks for it; otherwise code explains,
    acknowledges or offers, and prepares nothing."""
    if not catalog.acts(clause.intent) or not sure(clause):
        return None
    skill = catalog.skill_of(clause.intent)
    if clause.speaker == Speaker.THIRD_PARTY or clause.mood == Mood.REPORT:
        return Command(Step.EXPLAIN, clause, skill, clause.intent, reason="reported")
    if clause.polarity != Polarity.ASKS:
        return Command(Step.ACKNOWLEDGE, clause, skill, clause.intent, reason=clause.polarity.value)
    # "¿me pueden pagar la luz en automático cada mes?", "domicíliame el agua": the bank runs each payment once, when
    # asked; what it cannot schedule is said plainly, and this one offered
    if clause.slots.on_a_schedule and clause.intent in (common().get("run_once") or ()):
        return Command(Step.EXPLAIN, clause, skill, clause.intent, reason=ON_A_SCHEDULE)
    if clause.mood in (Mood.ACTION_QUESTION, Mood.HYPOTHETICAL, Mood.QUESTION):
        return Command(Step.EXPLAIN, clause, skill, clause.intent, reason=clause.mood.value)
    if clause.mood == Mood.STATEMENT:
        return _look_first(clause, conversation, catalog) or Command(
            Step.OFFER, clause, skill, clause.intent, reason="statement"
        )
    # "la quiero cancelar toda": the lexicon names paying it off, the reader's second reading, while its first is
    # cancelling the card; when two actions disagree, code asks which and prepares neither
    disagreeing = _another_action_named(clause, catalog)
    if disagreeing is not None:
        return Command(Step.CLARIFY, clause, options=(clause.intent, disagreeing))
    # a request said outright for the action the lexicon names ("abre la aclaración del Uber…") needs no more
    # certainty from the reader; anything less is offered or looked at first
    named_and_asked = clause.intent in clause.anchors and clause.settled == Mood.REQUEST
    if not sure(clause, SURE_TO_ACT) and not named_and_asked:
        return (
            _look_first(clause, conversation, catalog)
            or _doubt(clause, catalog)
            or Command(Step.OFFER, clause, skill, clause.intent, reason="unsure")
        )
    if not asked_outright(clause):  # the words do not ask in a form the rules see: code offers, the customer says
        return _look_first(clause, conversation, catalog) or Command(
            Step.OFFER, clause, skill, clause.intent, reason="unsure"
        )
    if skill not in conversation.offered:
        return Command(Step.SIGN_IN, clause, skill, clause.intent)
    return Command(Step.ANSWER, clause, skill, clause.intent, follow_up=_continues(clause, conversation), reason="acts")


def _another_action_named(clause: Clause, catalog: Catalog) -> str | None:
    """The reader's second reading, when it is another action the lexicon names outright and its first is not."""
    second = clause.runner_up.label if clause.runner_up else ""
    first_action, second_action = (catalog.get(i) for i in (clause.intent, second))
    other = (  # turning an alert on or off is one action, which the words' switch decides
        second_action is not None and first_action is not None and second_action.action != first_action.action
    )
    named = second in clause.anchors and catalog.acts(second) and clause.intent not in clause.anchors
    # "liquida el recibo de luz": a verb that pays anything ("liquidar", "saldar") names no debt when a bill is
    # what it pays: what is paid decides which payment
    a_bill_paid = {clause.intent, second} == PAYING and bool(clause.slots.services)
    # "actívame el aviso de vencimiento de pago de la tarjeta": a switch turned, with an alert's kind, names the alert;
    # the payment is only what the alert is about
    switched = bool(clause.slots.switch and clause.slots.alert_kind) and bool({clause.intent, second} & ALERTS)
    return second if other and named and not (a_bill_paid or switched) else None


def _look_first(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    """In doubt between acting and looking ("me debitaron 54 lucas de mercado libre y no compré nada": a claim,
    or a look at the charge?), the bank looks at its own records first."""
    for guess in clause.intents[1:3]:
        skill = catalog.skill_of(guess.label)
        if (
            skill
            and not catalog.acts(guess.label)
            and guess.confidence >= DOUBT_FLOOR
            and skill in conversation.offered
        ):
            return Command(Step.ANSWER, clause, skill, guess.label, reason="looks first")
    return None


def _continues(clause: Clause, conversation: Conversation) -> bool:
    """A request of the same kind as the last, correcting it ("mejor 200", "ese mismo pero a la corriente")."""
    return conversation.last_intent == clause.intent and (clause.slots.correction or clause.slots.reversed)


def _lookup(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    skill = catalog.skill_of(clause.intent)
    # "ainda tenho conta sem pagar": a lookup the lexicon alone names, and the reader's likeliest too, costs nothing to
    # answer however unsure the reader is of the rest of the words
    named_alone = clause.anchors == (clause.intent,) and sure(clause, DOUBT_FLOOR)
    if skill is None or catalog.acts(clause.intent) or not (sure(clause) or named_alone):
        return None
    if clause.slots.services and catalog.skill_of(BILLS) in conversation.offered and skill == catalog.skill_of("debt"):
        return answered_as(
            clause, BILLS, conversation, catalog
        )  # "¿cuánto debo de luz?": the bill, not the card's debt
    if skill not in conversation.offered:
        return Command(Step.SIGN_IN, clause, skill, clause.intent)
    # a request said outright ("me mostra as últimas movimentações") starts afresh; words that lean on the last
    # request ("¿y en abril?") keep what it named
    said_outright = clause.settled == Mood.REQUEST and not clause.slots.continues
    follows = conversation.last_skill == skill and not clause.anchors and not said_outright
    return Command(Step.ANSWER, clause, skill, clause.intent, follow_up=follows)


def _not_held(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    """ "quanto tá rendendo a poupança do nubank?", "¿cuánto tengo en el plazo fijo?": a product the records here do
    not hold (another bank's, or one this bank keeps no record of), asked about, is said plainly, never answered
    with the customer's own products (spending at a merchant or in a category is still a lookup)."""
    s = clause.slots
    if not s.not_in_records or s.categories or s.merchants or catalog.acts(clause.intent):
        return None
    # what the customer holds is a lookup that takes a product and no period (spending takes both)
    held = catalog.takes_declared(clause.intent, PRODUCTS) and not catalog.takes_declared(clause.intent, PERIODS)
    return Command(Step.NOT_IN_RECORDS, clause) if held else None


def _outside(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    if clause.slots.no_skill_topic and not catalog.skill_of(clause.intent):
        return Command(Step.OUT_OF_SCOPE, clause, reason="no_skill_topic")
    if clause.slots.not_in_records:
        return Command(Step.NOT_IN_RECORDS, clause)
    if clause.intent == "out_of_scope" and sure(clause):
        return Command(Step.OUT_OF_SCOPE, clause)
    return None


def _declined_in_doubt(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    """ "no quiero pagarla todavía": refused or put off, and every likely reading an action (which one the reader
    is unsure of): nothing to prepare and nothing to ask; code says so."""
    likely = [g.label for g in clause.intents[:2] if g.confidence >= DOUBT_FLOOR]
    if clause.polarity == Polarity.ASKS or not likely or not all(catalog.acts(label) for label in likely):
        return None
    asked = conversation.last_intent if conversation.awaiting else None
    if asked and catalog.acts(asked) and not clause.anchors:  # "mejor espero a la quincena" when asked which account
        likely = [asked]
    return Command(
        Step.ACKNOWLEDGE,
        clause,
        catalog.skill_of(likely[0]),
        likely[0],
        options=tuple(likely) if len(likely) == 2 else (),
        reason=clause.polarity.value,
    )


def _doubt(clause: Clause, catalog: Catalog) -> Command | None:
    """The two likeliest readings, when both are worth offering and at least one is something a skill does."""
    options = [g.label for g in clause.intents[:2] if g.confidence >= DOUBT_FLOOR and _offerable(g.label, catalog)]
    # "un consumo de meli… ¿me lo siguen cobrando?": a reading that takes no merchant is no option for words naming one
    merchant = frozenset({"merchants"}) if clause.slots.merchants else frozenset()
    options = [o for o in options if catalog.narrowed_by(o, merchant)]
    if len(options) != 2:
        return None
    # two lookups of one skill ("tem uma compra da amazon pendente, que é isso?": a charge not recognised, or what
    # became of it): the skill's look at the records answers either, so nothing is asked
    skills = {catalog.skill_of(o) for o in options}
    if len(skills) == 1 and not any(catalog.acts(o) for o in options):
        return None
    return Command(Step.CLARIFY, clause, options=tuple(options))


def _offerable(intent: str, catalog: Catalog) -> bool:
    """What a question may offer the customer to pick: something a skill does, or asks for what only a person
    does; never a scam, a person or "nothing" (those are said, not offered)."""
    return bool(catalog.skill_of(intent)) or catalog.handled(intent) == "never_automated"


def _clarify(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    # "vi en tiktok que la gente congela la tarjeta apenas le llega un cobro raro": what others do, told, asks the
    # bank to look at nothing; code asks which the customer means
    told = clause.mood in (Mood.REPORT, Mood.HYPOTHETICAL) or clause.speaker == Speaker.THIRD_PARTY
    if catalog.acts(clause.intent) and clause.runner_up and not catalog.acts(clause.runner_up.label) and not told:
        looked = _look_first(clause, conversation, catalog)
        if looked:
            return looked
    found = _doubt(clause, catalog)
    if found:
        return found
    skill = catalog.skill_of(clause.intent)
    if skill and clause.confidence >= DOUBT_FLOOR and not catalog.acts(clause.intent) and skill in conversation.offered:
        return Command(Step.ANSWER, clause, skill, clause.intent)  # a lookup costs nothing when it is the likeliest
    if clause.intent == "out_of_scope" or not clause.intents:
        return Command(Step.OUT_OF_SCOPE, clause)
    return Command(Step.CLARIFY, clause)


# The written priorities: the first rule that returns a command decides the clause.

IN_DOUBT = "doubt asks"  # the last: what the words may mean, code asks or looks at the likeliest


RULES: tuple[tuple[str, Rule], ...] = (
    ("a person, now", asked_for_a_person),
    ("a scam reported", scam_reported),
    ("what the bank never automates", never_automated),
    ("forget what waits for the button", cancel_pending),
    ("when a payment is due", asks_when),
    ("how much a payment supposed would be", figure_supposed),
    ("paying what was just shown", pays_what_was_shown),
    ("the answer to code's question or offer", answers_a_question),
    ("a correction of the last request", corrects_the_last),
    ("a charge the customer recognises", recognised),
    ("small talk", _small_talk),
    ("a follow-up of the last request", follows_up),
    ("what the customer already did", already_done),
    ("an action: only when asked", _act_or_not),
    ("a lookup sent by e-mail", emailed),
    ("what the records do not hold", _not_held),
    ("a lookup", _lookup),
    ("nothing the bank serves", _outside),
    ("refused, whichever action it was", _declined_in_doubt),
    (IN_DOUBT, _clarify),
)
