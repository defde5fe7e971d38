"""The rules of the one router that give a clause to a person: a person asked for outright, a scam reported (someone
else's instruction to move money or to share a code, in one clause or across the message), and what the bank never
automates (a refund, an unblock, a higher limit), said by code and, when the customer asks for it, passed to a
person."""

from quipu.application.understanding.catalog import Catalog
from quipu.application.understanding.commands import TOLD_ONLY, Command, Step
from quipu.application.understanding.conversation import (
    CHARGE_STATUS,
    MONEY_INTENTS,
    PAYING,
    REFUND,
    SURE_TO_ACT,
    SURE_TO_CASE,
    Conversation,
    answered_as,
    asked_for,
    asked_outright,
    moves_money,
    named_or_sure,
    pays_own,
    steers_nothing,
    sure,
)
from quipu.domain.reading.model import Clause, Mood, Polarity, Speaker


def asked_for_a_person(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    named = "human" in clause.anchors or sure(clause, SURE_TO_CASE)
    if clause.intent == "human" and sure(clause) and named and clause.polarity == Polarity.ASKS:
        return Command(Step.PERSON, clause, reason="customer_asked")
    return None


def scam_reported(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    """Someone else's instruction to move money or to share a code, or a call "from the bank" asking for either."""
    s = clause.slots
    # what someone else said, or what a stranger met online asks ("un pibe por instagram… le tengo que transferir";
    # "le compré unas zapatillas a un pibe por marketplace" only tells)
    reported = clause.mood == Mood.REPORT or (s.stranger and (s.demanded or clause.mood != Mood.STATEMENT))
    # "el de soporte me dijo que pasara todo a la corriente": reported from someone "of the bank", money is moved by
    # the reading it leads with, however unsure the reader is of it ("le pregunto a mi esposo si él la usó" is not)
    # or by the words that name it with a sum ("…que são do setor de cartões e que eu tenho que transferir 300")
    led = (clause.intent in MONEY_INTENTS and not s.can_do) or _a_sum_named(clause)
    money = (moves_money(clause) and not _others_act(clause)) or (reported and led and (s.impersonation or s.stranger))
    # the reader's guess of a scam stands on words that mark one: "mi código postal es 72000" or "o código de rastreio
    # é FR709…" tell no one's instruction, however sure the reader is
    named = clause.intent == "scam_report" and sure(clause) and _marked(clause)
    # "me invitaron a un telar, uno entra con 300 mil…": the reader's first guess a scam, and a scam's purpose said
    # with its sum, however unsure the reader is
    named = named or (clause.intent == "scam_report" and s.scam_purpose and bool(s.amounts))
    # "primero tengo que pagar 2 mil del kit, ¿le transfiero?": money moved for a scam's purpose, reported or not
    paid_to_be_paid = s.scam_purpose and money
    # "…pagando só 19,90 numa conta de terceiro": a bill or a debt paid into an account someone else gave is no payment
    # to the biller; a transfer there may be ("a la cuenta que me pasó mi hermano")
    # "me llegó este SMS: …evite embargo pagando hoy 3,201.70 en bit.ly/…": a link in a message told is such an account
    given = s.given_account or (s.link and reported)
    # "me chegou um boleto… em nome de outra empresa, pago?": a bill named beside such an account, whatever is asked
    paid_elsewhere = given and (bool(s.services) or (clause.intent in PAYING and money))
    # "achei no facebook um carro e o vendedor quer 200 de sinal": a stranger met online asking for a sum
    asked_by_a_stranger = s.stranger and s.demanded and bool(s.amounts)
    # "después habló un tipo y me pasó un CBU para que se los transfiera ya": money wanted into an account someone
    # handed the customer, whoever asks (the team keeps it a scam's shape: a person checks before anything moves)
    # ("y si mi prima me pide prestado, le pasaría 2 mil a su cuenta": a supposition of the customer's own is no demand)
    supposed = clause.mood in (Mood.HYPOTHETICAL, Mood.ACTION_QUESTION)
    wanted_where_they_say = given and s.demanded and clause.intent in MONEY_INTENTS and not supposed
    # "un mail de AFIP… que pague 44.800 o me embargan", "um e-mail da Receita diz que eu tenho que pagar 152.000": an
    # authority, told, demanding a sum
    demanded_by_an_authority = reported and s.impersonation and s.demanded and bool(s.amounts)
    # "para el desembolso tengo que pagar 2 mil de seguro": a sum demanded for a scam's purpose, whoever the reader
    # takes the payment for
    demanded_for_a_purpose = s.scam_purpose and s.demanded and bool(s.amounts)
    # "al final no le mando las 20 lucas a Martina, me dijo que ya consiguió": money the customer refuses to move,
    # beside what someone said, is pressed on them only when something steers it (a caller, an account given…)
    pressed = clause.polarity == Polarity.ASKS or _pressed_on_them(clause)
    if (
        named
        or paid_to_be_paid
        or paid_elsewhere
        or asked_by_a_stranger
        or wanted_where_they_say
        or demanded_by_an_authority
        or demanded_for_a_purpose
        or (reported and (s.secret or s.scam_purpose or (money and not steers_nothing(clause) and pressed)))
        or (s.secret and s.impersonation)
        # "…o 'gerente de conta' pediu o número completo do cartão e o código pra investir por mim": a secret asked of
        # the customer for a scam's purpose or by a stranger, whoever asks
        or (s.secret and s.demanded and (s.scam_purpose or s.stranger))
        or (s.secret and s.link and clause.mood != Mood.ACTION_QUESTION)  # "ingrese a banco-seguro.com y confirme…"
        # "me llegó el boleto de la escuela… pero el beneficiario es una tal de Soluciones…": a bill someone else is
        # paid, whatever is asked
        or s.other_payee
    ):
        return Command(Step.SCAM, clause, reason="scam_report")
    return None


def _marked(clause: Clause) -> bool:
    """The words carry a mark of a scam: the lexicon names one, someone else is reported, or a secret, someone "of
    the bank", a scam's purpose, a stranger, an account someone gave, a link or a demand is said."""
    marked = "scam_report" in clause.anchors or clause.mood == Mood.REPORT or scam_marked(clause)
    return marked or clause.slots.demanded


def scam_marked(clause: Clause) -> bool:
    """A mark of a scam said in the clause itself: a secret, someone "of the bank", a scam's purpose, a stranger, an
    account someone gave, a link."""
    s = clause.slots
    return any((s.secret, s.impersonation, s.scam_purpose, s.stranger, s.given_account, s.link))


def never_automated(clause: Clause, conversation: Conversation, catalog: Catalog) -> Command | None:
    intent = catalog.get(clause.intent)
    if intent is None or intent.handled != "never_automated" or not sure(clause):
        return None
    if _changes_the_waiting_sum(clause, conversation):
        return None
    if clause.intent == REFUND and clause.mood == Mood.QUESTION and clause.polarity == Polarity.ASKS:
        # "¿ya me devolvieron lo de netflix?", "o estorno saiu?": what became of the charge, from the records
        return answered_as(clause, CHARGE_STATUS, conversation, catalog)
    if clause.polarity != Polarity.ASKS:
        return Command(Step.ACKNOWLEDGE, clause, intent=clause.intent, reason=clause.polarity.value)
    # "ahh la heladera nueva" (a purchase recognised) is no request for a new card: unnamed and not plainly asked,
    # what only a person does is not taken as asked at all
    if clause.mood == Mood.REQUEST and clause.intent not in clause.anchors and not asked_for(clause):
        return None
    # "bueno subímelo a 2 palos entonces" right after asking how a larger limit is asked: the matter just spoken of
    spoken_of = clause.intent == conversation.last_intent and sure(clause)
    if clause.asks and (named_or_sure(clause, SURE_TO_CASE) or spoken_of):  # a person takes it
        return Command(Step.REFUSE, clause, intent=clause.intent, reason=intent.action)
    # asked about, supposed, reported or only told: said by code, and no case is opened for it
    return Command(Step.REFUSE, clause, intent=clause.intent, reason=intent.action, options=("explain",))


def _changes_the_waiting_sum(clause: Clause, conversation: Conversation) -> bool:
    """ "súbelo a 800", "aumenta pra 800" while a transfer waits: the sum of the card waiting is raised, not the card's
    limit (a limit named, "súbeme el límite a 800", is the limit)."""
    waiting = conversation.pending and conversation.last_intent in MONEY_INTENTS
    return waiting and bool(clause.slots.amounts) and clause.intent not in clause.anchors


def scam_across(commands: list[Command], catalog: Catalog, said: tuple[Clause, ...] = ()) -> list[Command]:
    """ "me llamaron de la Superintendencia… primero debo consignar 90 mil, ¿le consigno desde mi cuenta?": a report, a
    scam's purpose or a stranger met online ("una muchacha que conocí por Facebook… que le mande 400 mil") in one
    clause makes money moved (or a code shared) in another clause of the message part of it. Every clause `said`
    counts, answered or not ("…só que o beneficiário é uma tal de Soluções Financeiras e não o banco")."""
    answered = [c.clause for c in commands if c.clause is not None]
    clauses = answered + [c for c in said if not any(c is a for a in answered)]
    told = any((c.mood == Mood.REPORT and not steers_nothing(c)) or c.slots.scam_purpose for c in clauses) or any(
        c.step == Step.SCAM for c in commands
    )
    # "minha tia falou que o certo é tirar tudo da poupança e quitar o cartão": someone close advising the customer
    # to pay their own debt, with nothing steering the money elsewhere, tells no scam (an e-mail or a caller does)
    moved = [c for c in clauses if _moves_or_shares(c)]
    advised = any(c.slots.close_one for c in clauses) and all(steers_nothing(c) for c in moved)
    told = told and not (moved and advised and not any(map(_steered, clauses)))
    # a stranger met online makes part of it what the customer is asked to move, not what they say they bought
    stranger = any(c.slots.stranger for c in clauses)
    if not (told or stranger):
        return commands
    # "vi un video en tiktok que dice que hay que pagar el total de la tarjeta": the customer's own debt or bill
    # paid, with nothing in the message steering the money elsewhere ("…o beneficiário é uma tal de Soluções
    # Financeiras e não o banco"), is no scam whoever advised it
    elsewhere = any(c.slots.scam_purpose or c.slots.given_account for c in clauses)
    # "me marcaron del buró de crédito… que si no deposito 1,850 hoy… me embargan": a caller "from the bank" or an
    # authority, told, makes a sum said for a scam's purpose money moved, whatever the reader takes the clause for
    impersonated = any(c.slots.impersonation for c in clauses)
    warned = [
        Command(Step.SCAM, c.clause, reason="scam_report")
        if c.clause is not None
        and (_moves_or_shares(c.clause) or (impersonated and _a_sum_for_its_purpose(c.clause)))
        and not (pays_own(c.clause) and not elsewhere)
        and (told or c.clause.mood != Mood.STATEMENT)
        else c
        for c in commands
    ]
    if not any(c.step == Step.SCAM for c in warned):
        return warned
    # "o gerente ligou e falou pra eu quitar a fatura numa conta que ele passou": who called is the scam's own
    # telling, warned with it; it asks nothing to be explained. Beside a warning nothing is prepared and nothing is
    # asked to be said again ("…y me manda el QR", "…ele parece confiável"): a person takes it all; only what keeps
    # the customer safe, asked outright, is still prepared ("Bloqueá mi tarjeta 4433, me llamaron para pedirme el
    # token")
    kept = [
        c
        for c in warned
        if not (c.clause is not None and c.clause.mood == Mood.REPORT and c.step in TOLD_ONLY)
        and not ((c.acts or c.step == Step.OFFER) and not catalog.protects(c.intent))
        # "…si no deposito hoy 2 mil pierdo mi número": a refusal inside the scam's story is the warning's to answer
        and c.step not in (Step.CLARIFY, Step.OUT_OF_SCOPE, Step.NOT_IN_RECORDS, Step.ACKNOWLEDGE)
    ]
    return [guarded for c in kept for guarded in (c, *_protected_in_the_same_words(c, catalog))]


def _protected_in_the_same_words(warning: Command, catalog: Catalog) -> tuple[Command, ...]:
    """ "Bloqueá mi tarjeta 4766, se la entregué con el PIN a una desconocida": what keeps the customer safe, asked
    outright in the very words the warning answers, is prepared beside it."""
    clause = warning.clause
    if warning.step != Step.SCAM or clause is None or not (asked_outright(clause) and clause.asks):
        return ()
    # the reader may lean to the scam the words tell ("…cargué sus datos en un formulario trucho"): the action the
    # lexicon names outright is what was asked
    sure_of_it = clause.intent if sure(clause, SURE_TO_ACT) else None
    protective = [i for i in (sure_of_it, *clause.anchors) if i and catalog.protects(i)]
    if not protective:
        return ()
    return (Command(Step.ANSWER, clause, catalog.skill_of(protective[0]), protective[0], reason="acts"),)


def _pressed_on_them(clause: Clause) -> bool:
    """Money the customer refuses is still a scam's when someone pushes it on them: a caller "from the bank", a
    stranger, a code, a scam's purpose, an account given or a demand ("al final no le paso las 30 lucas a Martina a
    la 4000001003" names an account and pushes nothing)."""
    s = clause.slots
    return bool(s.impersonation or s.stranger or s.secret or s.scam_purpose or s.given_account or s.demanded)


def _steered(clause: Clause) -> bool:
    """Words that send money or a code somewhere the records do not: an account, a number, a code, a caller "from
    the bank", a stranger, a scam's purpose."""
    s = clause.slots
    return bool(
        s.accounts or s.bare_numbers or s.record_ids or s.secret or s.impersonation or s.stranger or s.scam_purpose
    ) or bool(s.given_account)


def _moves_or_shares(clause: Clause) -> bool:
    """Money moved or a code shared, as the words ask it (a refusal, "no hagan nada", moves nothing, nor does a
    payment the customer already made: "Pagué el predial…, referencia 0011 2026…", nor what someone else does
    with their own money: "…é nela que o pessoal do bolão vai mandar os 40 dólares")."""
    s = clause.slots
    # "…me pediu pra eu fazer um Pix de 90…, que o app dela travou": what someone asks of the customer is still to do,
    # whatever else the words tell was done
    pending = not clause.done or (clause.mood == Mood.REPORT and s.demanded)
    asked = clause.polarity == Polarity.ASKS and pending and not _others_act(clause)
    return asked and (moves_money(clause) or _a_sum_named(clause) or s.secret)


def _a_sum_named(clause: Clause) -> bool:
    """Money moved by the words that name it with a sum, however unsure the reader is of the clause ("…me pediu pra eu
    fazer um Pix de 90 dólares…", "…que são do setor de cartões e que eu tenho que transferir 300")."""
    s = clause.slots
    return bool(MONEY_INTENTS & set(clause.anchors)) and bool(s.amounts or s.accounts or s.bare_numbers)


def _a_sum_for_its_purpose(clause: Clause) -> bool:
    return clause.polarity == Polarity.ASKS and bool(clause.slots.scam_purpose and clause.slots.amounts)


def _others_act(clause: Clause) -> bool:
    """What someone else does, told as a statement ("o pessoal do bolão vai mandar os 40 dólares", "mi papá paga el
    agua"): their money moves, not the customer's (a code shared is still the customer's secret, and a stranger's
    money, "caiu um pix de um desconhecido…", is how the scam of returning it elsewhere opens)."""
    s = clause.slots
    # what they ask of the customer ("el administrador pide que consigne 500.000…") is the customer's money
    theirs = clause.mood == Mood.STATEMENT and clause.speaker == Speaker.THIRD_PARTY
    return theirs and not (s.secret or s.stranger or s.demanded)
