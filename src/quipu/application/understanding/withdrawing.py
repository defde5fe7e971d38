"""Forgetting what waits for the button: words that withdraw the card just shown, or that refuse an action whose
cards, shown earlier in the conversation, still wait; a refusal of another skill's action leaves them waiting; a
refusal or a delay in the same message takes back the request said before it."""

from dataclasses import replace

from quipu.application.understanding.answered_as import PAID_AFTER
from quipu.application.understanding.catalog import Catalog
from quipu.application.understanding.commands import Command, Step
from quipu.application.understanding.conversation import (
    MONEY_INTENTS,
    NEW_REQUEST,
    SURE_TO_ACT,
    Conversation,
    named_or_sure,
    sure,
)
from quipu.application.understanding.meant import WITHDRAW
from quipu.application.understanding.one_more import BILL
from quipu.domain.reading.model import Clause, Mood, Polarity, Speaker

REFUSED_FLOOR = 0.4  # "na real não paga nenhuma dessas agora": the cards' skill, refused, this likely at least


def cancel_pending(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    # what waits is withdrawn by words that name withdrawing, or that the reader is sure of: "e não esquece a luz"
    # (a reminder, its "esquece" blanked for the lexicon) withdraws nothing
    withdraws = clause.intent in clause.anchors or (sure(clause, NEW_REQUEST) and not _replaces(clause))
    cards_wait = conversation.pending or bool(conversation.waiting)
    if clause.intent == WITHDRAW and cards_wait and withdraws and clause.polarity == Polarity.ASKS:
        return Command(Step.CANCEL_PENDING, clause)
    if conversation.pending and _switched_back(clause, conversation, catalog):
        return Command(Step.CANCEL_PENDING, clause)
    # "ya la encontré… ya no la bloquees": the very action waiting for the button, refused or put off, is withdrawn;
    # so is it by a delay or a refusal that names nothing else the bank serves ("aa no, mejor a fin de mes", "não, só
    # no fim do mês"); "no quiero ver mis movimientos" refuses a lookup, not the card
    # "e se eu pagar o total semana que vem, cobra juros?": a delay supposed or asked about puts nothing off
    refused = (
        clause.polarity != Polarity.ASKS
        and clause.speaker == Speaker.CUSTOMER
        and clause.mood not in (Mood.HYPOTHETICAL, Mood.ACTION_QUESTION)
    )
    the_waiting_one = clause.intent == conversation.last_intent and catalog.acts(clause.intent)
    another = named_or_sure(clause, SURE_TO_ACT) and catalog.skill_of(clause.intent) is not None and not the_waiting_one
    # "no quiero el aviso de vencimiento, ya me llegan muchos correos" while a transfer waits: the action refused is
    # one of a skill with no card waiting; the card waits on
    elsewhere = (
        sure(clause) and catalog.acts(clause.intent) and catalog.skill_of(clause.intent) not in conversation.waiting
    )
    another = another or (bool(conversation.waiting) and elsewhere)
    if conversation.pending and refused and not another:
        if conversation.awaiting and the_waiting_one and named_or_sure(clause, SURE_TO_ACT):
            # "pensándolo bien no, el agua la pago yo" while its account was asked, a card paying the card waiting:
            # what is refused is the request just asked about; the card prepared before it still waits
            return Command(Step.ACKNOWLEDGE, clause, catalog.skill_of(clause.intent), clause.intent, reason="refuses")
        return Command(Step.CANCEL_PENDING, clause)
    return _withdrawn_later(clause, conversation, catalog) if refused else None


def _switched_back(clause: Clause, conversation: Conversation, catalog: Catalog) -> bool:
    """ "Mmm no, mejor desactívela" while the card turning that alert on waits: the same switch turned the other way,
    said of it by a pronoun (no other kind named), is the card withdrawn; nothing was ever on to turn off."""
    last, now = catalog.get(conversation.last_intent or ""), catalog.get(clause.intent)
    if last is None or now is None or not (last.acts and now.acts) or last.name == now.name:
        return False
    return last.action == now.action and clause.slots.alert_kind is None and clause.asks and sure(clause)


def _replaces(clause: Clause) -> bool:
    """ "perdón me equivoqué, eran 450 no 400": a correction that names the sum replacing the one asked changes the
    card waiting; it withdraws the card only in words the lexicon names as withdrawing."""
    return clause.slots.correction and bool(clause.slots.amounts)


def _withdrawn_later(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    """ "no espera, mejor no pagues nada" a lookup or two after the cards were shown: the action refused is one whose
    cards still wait, so those cards are withdrawn (a bare "no, gracias" then answers the last reply, not the cards)."""
    if conversation.pending or not conversation.waiting:
        return None
    if clause.intent == WITHDRAW and named_or_sure(clause, SURE_TO_ACT):  # "mejor no pagues nada"
        return Command(Step.CANCEL_PENDING, clause)
    if _another_action_named(clause, conversation, catalog):
        # "ni de vainas me la bloqueen, solo preguntaba" while a dispute's card waits: the block refused was never
        # prepared; the dispute's card waits on
        return Command(Step.ACKNOWLEDGE, clause, catalog.skill_of(clause.intent), clause.intent, reason="refuses")
    # "na vdd não paga nada disso, deixa pra depois": the reader may be torn between paying a bill or a debt, and
    # still sure the action refused is the one skill's whose cards wait
    skill = _skill_refused(clause, catalog)
    return Command(Step.CANCEL_PENDING, clause, skill) if skill in conversation.waiting else None


def _another_action_named(clause: Clause, conversation: Conversation, catalog: Catalog) -> bool:
    """The lexicon names an action of the card's own skill that is on none of the cards waiting (money is moved by
    many verbs: which of its actions the words name says nothing of which card they mean)."""
    intent = catalog.get(clause.intent)
    if intent is None or intent.action is None or clause.intent in MONEY_INTENTS or not conversation.waiting_actions:
        return False
    named = clause.intent in clause.anchors and catalog.acts(clause.intent)
    return named and intent.action not in conversation.waiting_actions


def _skill_refused(clause: Clause, catalog: Catalog) -> str | None:
    """The skill whose actions, with withdrawing itself, the reader gives together nearly the weight of a reading taken
    as said (the lexicon naming one suffices). Withdrawing moves nothing, so no more certainty than that is asked."""
    weight: dict[str, float] = {}
    for guess in clause.intents:
        skill = catalog.skill_of(guess.label)
        if skill is not None and catalog.acts(guess.label):
            weight[skill] = weight.get(skill, 0.0) + guess.confidence
    withdrawing = sum(g.confidence for g in clause.intents if g.label == WITHDRAW)
    named = {catalog.skill_of(a) for a in clause.anchors if catalog.acts(a)}
    best = max(weight, key=lambda k: weight[k], default=None)
    return best if best is not None and (weight[best] + withdrawing >= REFUSED_FLOOR or best in named) else None


def bills_refused_beside(commands: list[Command], conversation: Conversation, catalog: Catalog) -> list[Command]:
    """ "la del agua no, nomás la luz", "a de água não, só a internet" while bills' cards wait: the words change what
    is paid. The cards of the bills named are withdrawn (the one refused, and the one kept, which is proposed anew in
    its place) and the bills kept are paid."""
    if not (conversation.pending or conversation.waiting):
        return commands
    skill = catalog.skill_of(BILL)
    changed: list[Command] = []
    for command in commands:
        clause = command.clause
        refused = clause is not None and bool(clause.slots.refused_services)
        # "namas el agua" after "el de la luz no" is no statement to offer on: the bill kept is paid
        answered = command.step in (Step.ANSWER, Step.OFFER)
        if answered and clause is not None and refused and command.skill == skill:
            named = (*clause.slots.refused_services, *clause.slots.services)
            withdrawn = replace(clause, slots=replace(clause.slots, services=named))
            changed.append(Command(Step.CANCEL_PENDING, withdrawn, skill, rule="bills refused beside those kept"))
            # paid as the last request said (its source)
            reason = command.reason if command.step == Step.ANSWER else "acts"
            command = replace(command, step=Step.ANSWER, intent=BILL, follow_up=True, reason=reason)
        changed.append(command)
    return changed


NOTHING_OF_ITS_OWN = (Step.OUT_OF_SCOPE, Step.CLARIFY, Step.ACKNOWLEDGE)  # answers no words asked of their own


def taken_back(commands: list[Command], catalog: Catalog) -> list[Command]:
    """ "pasa 5 lucas a la corriente, déjalo así", "bloquéala… pero todavía no": a refusal or a delay said after a
    request, about nothing else the bank does, takes that request back; nothing is prepared. Words that only took it
    back ("…, pero a fin de mes, hoy no") have said all they said: they get no answer of their own."""
    kept = list(commands)
    spent: list[Command] = []
    for later in commands:
        clause = later.clause
        if clause is None or clause.polarity == Polarity.ASKS or later.acts or _another_left_alone(clause):
            continue
        for i, earlier in enumerate(kept):
            if earlier is later:
                break
            # "…, mas só no fim do mês": a delay that names no action of its own is about the request before it
            its_own = named_or_sure(clause, SURE_TO_ACT)
            about_it = later.intent in (None, earlier.intent) or not catalog.acts(later.intent or "") or not its_own
            # "mejor la de la luz, el agua la pago la semana que viene": a delay of another bill leaves this one asked
            another_bill = _another_bill(earlier.clause, clause)
            about_it = about_it and not another_bill
            # "bloqueia o cartão 4877, não quero mais cobrança estranha": another matter the lexicon names, refused,
            # is the request's reason
            looked_up = catalog.skill_of(clause.intent or "") is not None and not catalog.acts(clause.intent or "")
            about_it = about_it and not (clause.intent in clause.anchors and looked_up)
            # "levanta la aclaración del cobro, pero la tarjeta déjala activa": a product refused that the request
            # does not take (a claim names a charge, not the card) is left alone beside it
            about_it = about_it and not _a_product_it_does_not_take(earlier, clause, catalog)
            # a request of an action answered as a follow-up ("el del internet también lo quiero pagar…") prepares
            # a card as one asked outright does
            # and an action only offered ("quería que me la bloquearan, pero pensándolo mejor no") is not offered
            prepares = earlier.step in (Step.ANSWER, Step.OFFER) and catalog.acts(earlier.intent or "")
            if prepares and another_bill:  # "paga el del agua, el de internet todavía no": the other's delay is all
                spent.append(later)  # it says; it gets no answer of its own
            # "mi viejo me dice que le mande 50 lucas a mi hermana, pero todavía no": a delay after an action only
            # told or asked about puts that one off, prepared by no one; the cards waiting from before still wait
            told = earlier.step == Step.EXPLAIN and catalog.acts(earlier.intent or "")
            # "¿y de la tarjeta cuál es el mínimo? todavía no lo pagues": a delay right after a figure asked
            paid = PAID_AFTER.get(earlier.intent or "") == clause.intent or not its_own
            told = told or (earlier.step == Step.ANSWER and clause.polarity == Polarity.POSTPONES and paid)
            if told and about_it and later.step in (*NOTHING_OF_ITS_OWN, Step.CANCEL_PENDING):
                spent.append(later)
            # "paga la luz y el agua…, no perdón, el agua no, esa la pago yo": some of the bills asked, refused, leave
            # the others asked; the refusal has said all it said
            asked = earlier.clause
            others = _the_other_bills(asked, clause)
            if prepares and others and asked is not None:
                kept[i] = replace(earlier, clause=replace(asked, slots=replace(asked.slots, services=others)))
                spent.append(later)
                break
            if prepares and about_it:
                kept[i] = Command(
                    Step.ACKNOWLEDGE, earlier.clause, earlier.skill, earlier.intent, reason=clause.polarity.value
                )
                # a delay that took back the request said before it withdraws no card waiting from an earlier turn
                if later.step in (*NOTHING_OF_ITS_OWN, Step.CANCEL_PENDING):
                    spent.append(later)
    return [c for c in kept if not any(c is s for s in spent)]


def _another_bill(earlier: Clause | None, later: Clause) -> bool:
    asked, put_off = set(earlier.slots.services) if earlier else set(), set(later.slots.services)
    # "paga só a de luz, as outras eu vejo depois": the rest of the bills, put off, are others than the one asked
    return bool(asked and (later.slots.the_rest or (put_off and not asked & put_off)))


def _the_other_bills(earlier: Clause | None, later: Clause) -> tuple[str, ...]:
    refused = {*later.slots.services, *later.slots.refused_services}
    asked = earlier.slots.services if earlier else ()
    others = tuple(s for s in asked if s not in refused)
    return others if refused and len(others) < len(asked) and others else ()


def _a_product_it_does_not_take(earlier: Command, refusal: Clause, catalog: Catalog) -> bool:
    """The refusal names a product of the customer's, and the request refused nothing of the kind takes."""
    return bool(refusal.slots.products) and not catalog.narrowed_by(earlier.intent or "", frozenset({"products"}))


def _another_left_alone(clause: Clause) -> bool:
    """ "bloquea la de débito, la de crédito no": a product named only to be refused is another than the one asked
    for; the request stands."""
    refused = clause.polarity == Polarity.REFUSES  # "…pero la otra quincena" puts the request off
    return refused and clause.slots.other_one and not (clause.slots.products or clause.slots.last4)
