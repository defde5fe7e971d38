"""The typed reading of one customer message: its clauses, and for each clause its mood, polarity, who speaks,
the intents with a confidence, and the slots. Built once per turn; the router and every skill read it."""

import re
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum

from quipu.domain.periods import Period


class Mood(StrEnum):
    REQUEST = "request"  # asks for it to be done or answered
    QUESTION = "question"  # asks for information
    ACTION_QUESTION = "action_question"  # asks about an action (how, whether, what it costs) without asking for it
    STATEMENT = "statement"  # tells a fact
    REPORT = "report"  # tells what someone else said or did
    HYPOTHETICAL = "hypothetical"  # "si…", "e se…"


class Polarity(StrEnum):
    ASKS = "asks"
    REFUSES = "refuses"  # "no la bloquees", "não transfira"
    POSTPONES = "postpones"  # "todavía no", "ainda não"


class Speaker(StrEnum):
    CUSTOMER = "customer"
    THIRD_PARTY = "third_party"  # the customer reports someone else's words


@dataclass(frozen=True)
class Guess:
    """One label and how sure the reader is of it (0 to 1, calibrated on held-out folds of the corpus)."""

    label: str
    confidence: float


SCALES = (Decimal(1000), Decimal(1_000_000))  # a thousand (mil, lucas, k) and a million (palos, millones)


@dataclass(frozen=True)
class Amount:
    """An amount said: every value its writing allows (`1.500` is 1500, or 1.5 where a comma is the decimal)."""

    said: str
    values: tuple[Decimal, ...]

    @property
    def value(self) -> Decimal:
        return self.values[0]

    @property
    def ambiguous(self) -> bool:
        return len(self.values) > 1

    @property
    def plain(self) -> str:
        """The first reading as a tool takes it ("1500", "1500.5")."""
        return format(self.value.normalize(), "f")

    def in_the_scale_of(self, corrected: "Amount") -> "Amount":
        """ "pagale 200 lucas… no, que sean 150": a bare figure said to correct an amount said with its scale keeps
        that scale (150 thousand), when the figure alone is far below the amount it corrects ("3 mil… mejor 2500"
        is 2500 as said)."""
        bare = re.fullmatch(r"\d+(?:[.,]\d{1,2})?", self.said) is not None  # "150", "1.5"; "1.500" is written out
        if not bare or self.ambiguous or not self.value or corrected.value < self.value * 100:
            return self
        scale = next((s for s in SCALES if corrected.value / 10 <= self.value * s <= corrected.value * 10), None)
        word = re.sub(r"^[\d.,\s]+", "", corrected.said)  # "3 mil" → "mil", "200 lucas" → "lucas"
        return self if scale is None or not word else Amount(f"{self.said} {word}", (self.value * scale,))


@dataclass(frozen=True)
class Product:
    """One of the customer's products named by kind, and the role the words give it (from, to, or none)."""

    kind: str  # savings, checking, credit_card, debit_card, card, loan, mortgage, account
    role: str | None = None
    last4: str | None = None  # named by its account number: which of two accounts of one kind it is
    currency: str | None = None  # named by its currency ("la cuenta de dólares"): the customer's account in it


@dataclass(frozen=True)
class Slots:
    amounts: tuple[Amount, ...] = ()
    accounts: tuple[str, ...] = ()  # account numbers after an account cue, or the customer's own or payees'
    bare_numbers: tuple[str, ...] = ()  # long numbers with no account cue: never taken as where money goes
    references: tuple[str, ...] = ()  # a phone, a folio, a reference: never an account, never an amount
    last4: tuple[str, ...] = ()  # card or account endings
    record_ids: tuple[str, ...] = ()  # an id of the records written out ("DEMO-MX-KHIPU-CARD"): the policy decides
    products: tuple[Product, ...] = ()
    merchants: tuple[str, ...] = ()  # as the records write them (the customer's own) or a brand
    places: tuple[str, ...] = ()  # a word after "en"/"em" that may name a merchant no list knows
    periods: tuple[Period, ...] = ()
    period_words: int = 0  # the words the periods are said in ("en lo que va de junio": 6)
    categories: tuple[str, ...] = ()
    currencies: tuple[str, ...] = ()
    services: tuple[str, ...] = ()
    refused_services: tuple[str, ...] = ()  # "la del agua no, nomás la luz": named only to be refused
    refused_product: bool = False  # "el ahorro no lo quiero tocar": a product named only to be refused
    count: int | None = None
    ordinal: int | None = None  # "el segundo", "#2", "el último" (-1): one of a list code showed
    biggest: bool = False  # "el más caro", "o maior": the largest by amount, of a list code showed or of a period
    alert_kind: str | None = None
    settles: str | None = None  # "whole" or "minimum": a debt paid by what the records say it owes
    switch: str | None = None  # "on" or "off" for an alert
    window: str | None = None  # morning, afternoon, evening
    topic: str | None = None  # balances, payment_status, movements (a summary by e-mail)
    group_by: str | None = None  # merchant, category, month
    over: Decimal | None = None
    under: Decimal | None = None
    top_n: int | None = None
    everything: bool = False
    closes: bool = False  # "es todo", "é só isso": the customer says there is nothing more
    by_size: bool = False  # "ordénalos de mayor a menor": the list just shown, largest first
    one_before: bool = False  # "¿y el pasado?", "e o anterior?": the period before the one just asked
    current_one: bool = False  # "¿y en lo que va de este?", "e o atual?": the current one of the period just asked
    duplicate: bool = False
    other_one: bool = False
    the_rest: bool = False  # "las demás", "as outras": the rest of what was named or shown
    both: bool = False
    reversed: bool = False
    correction: bool = False
    later_day: bool = False  # "el viernes", "na sexta", "cuando me caiga la quincena": a day to come, named as when
    deadline: bool = False  # asks when a payment is due ("¿hasta cuándo puedo pagar?")
    falls_due: bool = False  # tells when something is due ("la luz, que vence la semana que viene")
    noted: bool = False  # the clause only says the customer heard ("ok", "beleza"), no yes of its own
    how_much: bool = False  # asks how much ("¿de cuánto sería?", "quanto fica?")
    remaining: bool = False  # asks how much is left to pay ("¿cuánto me falta por liquidar?")
    adds: bool = False  # "y de paso el agua", "e também…": one more, beside what is asked or waits, not instead of it
    guess: bool = False  # "creo que es esta semana", "acho que foi ontem": what the customer supposes, asking nothing
    recognised: bool = False  # "ese fue un almuerzo", "lembrei, era minha": a charge the customer now recognises
    continues: bool = False  # opens with the words that only change the last request ("¿y en pesos?", "e no mês?")
    concludes: bool = False  # opens with what the customer concludes from the bank's answer ("o sea que…", "ou seja…")
    looks_over: bool = False  # opens with what the customer was looking over ("ando checando mis movimientos y…")
    points_back: bool = False  # "ese cargo", "lo de netflix": a charge the words or the conversation name
    only_to_know: bool = False  # "nomás quiero saber", "só queria saber": the words only say it was to know
    same_one: bool = False  # "desde esa misma cuenta", "da mesma conta": the one the request before named
    that_one: bool = False  # "liga isso", "haz eso": the thing just talked about, named by a pronoun
    claim_named: bool = False  # "abre una aclaración", "uma contestação": the claim named as the bank's procedure
    alert_not_offered: bool = False  # an alert the bank does not have ("de compras en el exterior", "de saldo baixo")
    on_a_schedule: bool = False  # "en automático cada mes", "débito automático": an action asked to repeat by itself
    its_terms: bool = False  # the terms of an action asked ("¿tiene algún costo?", "a qué correo llegaría")
    by_their_size: bool = False  # purchases named by their size ("las compras grandes"): an alert of them needs a sum
    secret: bool = False  # a code, a password, a token is mentioned
    impersonation: bool = False  # someone "from the bank"
    scam_purpose: bool = False  # "a safe account", "to protect your money"
    stranger: bool = False  # someone met online or unknown ("una muchacha que conocí por Facebook", "um investidor")
    demanded: bool = False  # someone else asks the customer for money ("el vendedor me pide…", "ele quer 200")
    can_do: bool = False  # what someone said the customer can do, not what to do ("me dijo que puedo transferir…")
    close_one: bool = False  # said by someone close to the customer ("mi tía dice que…"), not a stranger
    awaits: bool = False  # a condition to come before acting ("apenas pase una semana…", "el día que me llegue…")
    collection: bool = False  # money pooled among many ("la vaquita", "cada quien le mande…", "vaquinha")
    their_money: bool = False  # the money moved is someone else's own ("él le va a pasar 30 lucas desde la suya")
    link: bool = False  # "pagando hoy en bit.ly/…": a link, where a message someone sent points the money
    given_account: bool = False  # "numa conta que ele passou": an account someone else gave, money sent where they say
    other_payee: bool = False  # "o beneficiário é uma tal de…": a bill whose payee is not its biller
    no_skill_topic: bool = False  # branches, opening hours, cash machines
    not_in_records: bool = False  # a product or rate the bank keeps no record of here


@dataclass(frozen=True)
class Clause:
    text: str  # as the customer wrote it
    words: tuple[str, ...]  # normalised
    intents: tuple[Guess, ...]  # best first
    mood: Mood
    polarity: Polarity
    speaker: Speaker
    slots: Slots
    moods: tuple[Guess, ...] = ()
    anchors: tuple[str, ...] = ()  # the intents the lexicon names outright
    settled: Mood | None = None  # the mood the lexicon's rules settled on their own, if any
    done: bool = False  # the customer says they did it themselves ("pagué la luz en el Oxxo", "já paguei")
    asked: bool = False  # written as a question ("?", "¿")

    @property
    def intent(self) -> str:
        return self.intents[0].label if self.intents else "none"

    @property
    def confidence(self) -> float:
        return self.intents[0].confidence if self.intents else 0.0

    @property
    def runner_up(self) -> Guess | None:
        return self.intents[1] if len(self.intents) > 1 else None

    @property
    def asks(self) -> bool:
        """The customer asks for this themself: a request, not negated or put off, in their own voice."""
        return self.mood == Mood.REQUEST and self.polarity == Polarity.ASKS and self.speaker == Speaker.CUSTOMER


@dataclass(frozen=True)
class Reading:
    text: str
    language: str
    clauses: tuple[Clause, ...]
    region: str | None = None

    @property
    def first(self) -> Clause | None:
        return self.clauses[0] if self.clauses else None


@dataclass(frozen=True)
class OwnProduct:
    """A product of the customer's, as the reading may match it: its kind, ending, account number and currency."""

    kind: str
    last4: str | None = None
    account_number: str | None = None
    currency: str | None = None


@dataclass(frozen=True)
class ReadingContext:
    """What the reading may check words against: the customer's own merchants, products and payees."""

    language: str = "es"
    region: str | None = None  # MX, CO, AR, BR
    merchants: tuple[str, ...] = ()
    products: tuple[OwnProduct, ...] = ()
    payees: tuple[str, ...] = ()  # account numbers the customer has sent money to
    extra: dict[str, str] = field(default_factory=dict)
