"""One reading of a message, built once per turn: clauses, and per clause the mood, polarity, speaker, intents
(with a confidence) and slots. The lexicon's rules settle what they can; a learned reader, trained on the
team's examples, weighs the rest; without one, the lexicon's named intents alone decide (the rules baseline)."""

from dataclasses import replace
from datetime import date
from typing import Protocol

from quipu.domain.dataset import AS_OF
from quipu.domain.reading.alternatives import asks_how_to_get_it, other_way_asked_alone, weighs_another
from quipu.domain.reading.assistant_asked import who_answers_asked
from quipu.domain.reading.clauses import clauses
from quipu.domain.reading.compared import compared_or_grouped
from quipu.domain.reading.cues import Cues, read_cues
from quipu.domain.reading.decided import WAIT, after_its_premise, asked_under_the_supposition
from quipu.domain.reading.features import features
from quipu.domain.reading.governed import (
    goes_on_with_it,
    its_state,
    still_wanted,
    the_verb_left_out,
    wanted_with_it,
)
from quipu.domain.reading.lexicon import common, lexicon
from quipu.domain.reading.model import Clause, Guess, Mood, Polarity, Reading, ReadingContext, Slots, Speaker
from quipu.domain.reading.named import (
    anchors,
    announces_only,
    before_the_thanks,
    named_outright,
    past_a_greeting,
    past_a_yes,
    past_the_openers,
)
from quipu.domain.reading.periods import shared_periods, the_month_named_before
from quipu.domain.reading.products_named import named_before
from quipu.domain.reading.quoted import inside_quotes, quoted_as_said
from quipu.domain.reading.reasons import asked_by_its_need, gives_a_reason, still_deciding
from quipu.domain.reading.refusals import things_refused
from quipu.domain.reading.slots import read_slots
from quipu.domain.reading.switches import alert_refused, money_taken_out, switched, switching_off
from quipu.domain.reading.words import Words, normalise


class LearnedReader(Protocol):
    """Reads a clause's features into intents and moods, each best first with a calibrated confidence."""

    def read(self, features: str) -> tuple[tuple[Guess, ...], tuple[Guess, ...]]: ...


def read(text: str, context: ReadingContext, learned: LearnedReader | None = None, *, as_of: date = AS_OF) -> Reading:
    language = context.language
    found: list[Clause] = []
    before: Words | None = None
    wanted = False  # a need the customer said ("necesito…") governs the infinitives after it
    pieces = clauses(text, language)
    quoted, said_so = inside_quotes(text, pieces), quoted_as_said(text, pieces, language)
    for index, words in enumerate(pieces):
        if (
            found
            and before is not None
            and (its_state(found[-1], words, language) or other_way_asked_alone(words, language))
        ):
            # "ya había levantado una aclaración, ¿en qué va?": the question is of the action just named: one clause;
            # so is the other way of it asked on its own ("¿…al correo? ¿o eso solo sale en la app?")
            before = _joined(before, words, asked=True)
            found[-1] = read_clause(before, context, learned, as_of)
            continue
        if (
            found
            and before is not None
            and (weighs_another(found[-1], words, language) or asks_how_to_get_it(words, language))
        ):
            # "vocês conseguem bloquear só as compras online? ou bloqueio é tudo ou nada?": the action is one option
            # the customer weighs, asked about
            before = _joined(before, words, asked=True)
            weighed = read_clause(before, context, learned, as_of)
            found[-1] = replace(weighed, mood=Mood.ACTION_QUESTION, settled=Mood.ACTION_QUESTION)
            continue
        if found and asked_by_its_need(found[-1], words, language):  # "¿dá pra aumentar o limite? tô precisando"
            found[-1] = replace(found[-1], mood=Mood.REQUEST, settled=Mood.REQUEST)
            continue
        clause = read_clause(words, context, learned, as_of)
        if found and before is not None and clause.mood == Mood.REQUEST and gives_a_reason(before, language):
            # "como ya me llegó el extracto, págueme el mínimo": the reason and the request it is for are one clause
            before = _joined(before, words, asked=words.asked)
            found[-1] = read_clause(before, context, learned, as_of)
            continue
        decision = after_its_premise(words, language)  # "si sigue pendiente entonces espero": only a wait, told
        decided = read_clause(decision, context, learned, as_of) if decision is not None else None
        clause = decided if decided is not None and decided.intent == WAIT else clause
        if found and asked_under_the_supposition(found[-1], words):
            # "suponete que me roban el celu, ¿me podés bloquear la tarjeta…?": a question of what could be done then
            clause = replace(clause, mood=Mood.HYPOTHETICAL, settled=Mood.HYPOTHETICAL)
        verb = the_verb_left_out(found[-1], before, clause, words, language) if found and before else None
        if verb is not None:  # "paga la luz con la de cheques y el mínimo del préstamo con la de ahorro"
            clause = replace(read_clause(verb, context, learned, as_of), text=words.said, settled=Mood.REQUEST)
        if wanted and wanted_with_it(clause, words, language):
            # "necesito saber cuánta plata tengo y después pagar parte de la tarjeta": the need said first wants both
            clause = replace(clause, settled=Mood.REQUEST)
        wanted = still_wanted(wanted, clause, words, language)
        reported = any(c.mood == Mood.REPORT for c in found) and quoted[index]  # inside the quote of a report
        reported = reported or said_so[index]  # "mi tía puso 'Martu pasale…'": a quote someone said or wrote
        told_by_another = found and (found[-1].mood == Mood.REPORT or found[-1].speaker == Speaker.THIRD_PARTY)
        if reported or (told_by_another and goes_on_with_it(clause, words, language)):
            # "mi tío dice que lo mejor es sacar todo del ahorro y liquidar la tarjeta": still what the uncle said
            clause = replace(clause, mood=Mood.REPORT, settled=Mood.REPORT, speaker=Speaker.THIRD_PARTY)
        before = words
        if found:
            clause = named_before(found[-1], clause, language)
        if found and _asks_of_it(found[-1], clause):  # read again with what the clause before named, so the reader
            clause = read_clause(words, context, learned, as_of, carried=found[-1].slots)  # weighs it ("¿cuánto sale?")
        found.append(clause)
    found = still_deciding(found, language)
    return Reading(text, language, shared_periods(the_month_named_before(found, language)), context.region)


def _joined(before: Words, words: Words, *, asked: bool) -> Words:
    return Words((*before.words, *words.words), f"{before.said} {words.said}", asked=asked)


CARRIED = ("services", "merchants")  # the things a clause names, which the next clause may speak of without naming


def _asks_of_it(before: Clause, clause: Clause) -> bool:
    """ "no quiero pagar el agua todavía, nomás dígame de cuánto es y cuándo vence", "mi viejo me dijo que pague el
    internet, ¿cuánto sale?": a question that names nothing of its own asks of the thing the clause before it
    named."""
    names_nothing = not any(getattr(clause.slots, n) for n in (*CARRIED, "products", "periods", "amounts"))
    # a question that names no request of its own, or asks only when something is due ("¿y cuándo vence?")
    # (said as a question or as a request to tell: "nomás dígame de cuánto es")
    asks = clause.mood not in (Mood.REPORT, Mood.HYPOTHETICAL) and (not clause.anchors or clause.slots.deadline)
    return names_nothing and asks and any(getattr(before.slots, n) for n in CARRIED)


def read_clause(
    words: Words,
    context: ReadingContext,
    learned: LearnedReader | None,
    as_of: date,
    carried: Slots | None = None,
) -> Clause:
    language = context.language
    cues = read_cues(words, language)
    slots = read_slots(words, language, context, as_of)
    if carried is not None:  # what the clause before named: the services and merchants it speaks of
        slots = replace(slots, services=carried.services, merchants=carried.merchants)
    opened = past_a_yes(words, language)  # "listo, pásele esa cuota…": the yes thanks no one
    named = named_outright(opened, language, slots.merchants)
    seen = features(past_the_openers(before_the_thanks(opened, language), language), cues, slots, named, language)
    intents, moods = learned.read(seen) if learned else (_by_rules(named), ())
    intents = money_taken_out(switched(intents, cues, slots), slots, named)
    intents = _paid_to_a_debt(_paid_by_money(intents, slots), slots)
    intents = who_answers_asked(_state_asked(intents, named, words, cues, language), named, words, language)
    intents = compared_or_grouped(_settled_when_asked(intents, cues, slots), slots, words, language)
    if announces_only(words, language):  # "hola, una consulta rápida": greeted, the question still to come
        intents = (Guess("greeting", 1.0),)
    polarity = Polarity.ASKS if switching_off(intents, words, language) and not cues.postpones else cues.polarity
    polarity = things_refused(polarity, words, slots, language)
    intents = alert_refused(intents, polarity, cues)
    return Clause(
        text=words.said,
        words=words.content,
        intents=intents,
        mood=_mood(cues, moods, named),
        # "ya no quiero la alerta, quítamela": the "no" is the switching off, which is asked for
        polarity=polarity,
        speaker=cues.speaker,
        slots=slots,
        moods=moods,
        anchors=named,
        settled=cues.settled_mood(),
        done=cues.done or cues.done_by_others,  # already done: by the customer, or by someone else (its speaker)
        asked=words.asked,
    )


def _by_rules(named: tuple[str, ...]) -> tuple[Guess, ...]:
    """The rules baseline: the lexicon's first named intent; shared confidence when it names several."""
    if not named:
        return ()
    return tuple(Guess(intent, round(1 / len(named), 3)) for intent in named)


PAYING = "pay_debt"


def _settled_when_asked(intents: tuple[Guess, ...], cues: Cues, slots: Slots) -> tuple[Guess, ...]:
    """ "listo, abónele el mínimo", "paga tudo": a debt's minimum or whole, asked for in a request, is paying it; asked
    in a question ("¿cuál es el mínimo?") or as its figure ("me regala el valor de la cuota mínima") it is the debt."""
    if not intents or intents[0].label != "debt" or not slots.settles or cues.settled_mood() != Mood.REQUEST:
        return intents
    # "me regala el pago mínimo": the figure, told; "regáleme ese mínimo desde la de ahorros": from an account, paid;
    # "regáleme el mínimo y la fecha hasta la que puedo pagar": the paying verb is inside the date asked
    if slots.how_much or slots.deadline or not (cues.pays or _from_an_account(slots)):
        return intents
    return _one_with_paying(intents)


def _from_an_account(slots: Slots) -> bool:
    return any(p.role == "from" and p.kind in ("savings", "checking", "account") for p in slots.products)


def _paid_by_money(intents: tuple[Guess, ...], slots: Slots) -> tuple[Guess, ...]:
    """ "quiero cancelar medio palo de la tarjeta", "cancélela con la plata de ahorros", "cancele el mínimo de la
    tarjeta": a card is never cancelled by an amount, from an account nor by its minimum; "cancelar" a debt so pays
    it (Colombia, Mexico), when paying is among the readings: the two readings are one, and so is their
    likelihood."""
    paid_from = _from_an_account(slots)
    # "cancelarla toda" may still be the card itself (code asks which); a card has no minimum to cancel
    by_its_minimum = slots.settles == "minimum"
    if not intents or intents[0].label != "cancel_card" or not (slots.amounts or paid_from or by_its_minimum):
        return intents
    return _one_with_paying(intents)


DEBTS = ("credit_card", "loan", "mortgage")  # the products money is paid to


def _paid_to_a_debt(intents: tuple[Guess, ...], slots: Slots) -> tuple[Guess, ...]:
    """ "quiero ponerle 200 lucas al préstamo", "mete 3 mil a la tarjeta": money sent to one of the customer's debts
    pays it; moving it and paying it are one reading there."""
    to_a_debt = any(p.role == "to" and p.kind in DEBTS for p in slots.products) and not slots.accounts
    if not intents or intents[0].label != "transfer" or not to_a_debt:
        return intents
    return _one_with_paying(intents)


def _one_with_paying(intents: tuple[Guess, ...]) -> tuple[Guess, ...]:
    """The first reading and paying a debt, when paying is among the readings, are one: paying, with both
    likelihoods."""
    paying = next((g for g in intents if g.label == PAYING), None)
    if paying is None:
        return intents
    merged = Guess(PAYING, round(min(1.0, intents[0].confidence + paying.confidence), 3))
    return (merged, *(g for g in intents if g.label not in (PAYING, intents[0].label)))


def _state_asked(
    intents: tuple[Guess, ...], named: tuple[str, ...], words: Words, cues: Cues, language: str
) -> tuple[Guess, ...]:
    """ "¿alguna aclaración en trámite?": an action asked about while under way asks for its state, not for it;
    the action is the reader's first guess or one the lexicon names outright ("aclaración")."""
    states = common().get("state_of") or {}
    action = next((i for i in (*[g.label for g in intents[:1]], *named) if i in states), None)
    if not intents or action is None or not cues.question:
        return intents
    if lexicon(language).cue("under_way").search(words.text) is None:
        return intents
    state = str(states[action])
    # the action named outright and asked how it goes: its state, as sure as the naming
    first = Guess(state, 1.0 if action in named else intents[0].confidence)
    return (first, *(g for g in intents[1:] if g.label != state))


def _mood(cues: Cues, moods: tuple[Guess, ...], named: tuple[str, ...]) -> Mood:
    settled = cues.settled_mood()
    if settled is not None:
        return settled
    if moods:
        return Mood(moods[0].label)
    return Mood.QUESTION if cues.question else Mood.REQUEST if named else Mood.STATEMENT


def rules_only(text: str, context: ReadingContext, *, as_of: date = AS_OF) -> Reading:
    return read(text, context, None, as_of=as_of)


def clause_features(text: str, context: ReadingContext, *, as_of: date = AS_OF) -> list[str]:
    """What the learned reader sees of each clause of a text (the corpus is read through this too)."""
    language = context.language
    seen = []
    for words in clauses(text, language):
        cues = read_cues(words, language)
        slots = read_slots(words, language, context, as_of)
        seen.append(
            features(words, cues, slots, past_a_greeting(anchors(words.text, language), words, language), language)
        )
    return seen


def whole_features(text: str, context: ReadingContext, *, as_of: date = AS_OF) -> str:
    """What the learned reader sees of a whole text read as one clause (a corpus example is one clause)."""
    language = context.language
    normalised, said = normalise(text, language)
    words = Words(tuple(normalised), text, asked="?" in normalised)
    cues = read_cues(words, language)
    slots = read_slots(words, language, context, as_of)
    return features(words, cues, slots, past_a_greeting(anchors(words.text, language), words, language), language)


def read_joined(text: str, context: ReadingContext, learned: LearnedReader | None, intent: str) -> Reading:
    """The words of a request and of its follow-up, read as one clause of the request's intent ("bloquea mi
    tarjeta" + "la de débito"): the slots of both, the intent of the first."""
    language = context.language
    normalised, _ = normalise(text, language)
    words = Words(tuple(normalised), text, asked="?" in normalised)
    clause = read_clause(words, context, learned, AS_OF)
    kept = tuple(g for g in clause.intents if g.label != intent)
    return Reading(text, language, (replace(clause, intents=(Guess(intent, 1.0), *kept)),), context.region)
