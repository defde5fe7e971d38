"""The slots of a clause: amounts in the customer's locale (with "mil", "k", "lucas", "palos"), accounts only after
an account cue or as one of the customer's own or payees', phone numbers and references apart, card endings,
the customer's own products with the role the words give them, merchants matched against the customer's own,
periods, categories, currencies, services and the small words that settle a request (an alert's kind, a call's
window, a summary's topic, "the other one")."""

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import date

from quipu.domain.reading import numbers, numbers_cued
from quipu.domain.reading.bills_named import (
    Table,
    a_services_bill_blanked,
    bills_kept,
    masked,
    named_in,
    services_named,
)
from quipu.domain.reading.draft import ACCOUNT_DIGITS, Draft, digits_of
from quipu.domain.reading.given import given_account
from quipu.domain.reading.in_place import said_in_place
from quipu.domain.reading.lexicon import (
    Lexicon,
    Phrases,
    brands,
    compiled_cue_table,
    compiled_region_table,
    compiled_table,
    lexicon,
)
from quipu.domain.reading.merchants import merchants_named, number_names_a_merchant
from quipu.domain.reading.model import ReadingContext, Slots
from quipu.domain.reading.openers import looks_over
from quipu.domain.reading.periods import periods_said
from quipu.domain.reading.phrases import Found
from quipu.domain.reading.places import places_named
from quipu.domain.reading.products_named import held_kind, own_accounts, own_endings, products_named
from quipu.domain.reading.pronouns import without_clitics_after_que, without_personal_pronouns
from quipu.domain.reading.tellers import impersonated, scam_purpose_named, secret_named
from quipu.domain.reading.text import LINK, fold, tokens
from quipu.domain.reading.when import awaits, later_day, past_a_plan_told
from quipu.domain.reading.words import Words, normalise, said_only
from quipu.domain.vocabulary import DISPUTE_REFERENCE

RECORD_ID = re.compile(r"[a-z]{2,}(?:-[a-z0-9]+){2,}")
DISPUTE = re.compile(DISPUTE_REFERENCE)


GENERAL_ALERT = "purchases"  # the alert of every purchase; a kind named with it is more precise


def _own_merchants_as_said(clause: Words, context: ReadingContext) -> tuple[str, ...]:
    """The customer's own merchants named in their own spelling: a name that is a word of the other language
    ("Éxito" to a Portuguese speller, which reads "exato") is theirs before the speller's."""
    said = " ".join(fold(w) for w in tokens(clause.said) if fold(w).isalnum())
    return tuple(m for m in merchants_named(said, context.merchants) if m in context.merchants)


def read_slots(clause: Words, language: str, context: ReadingContext, as_of: date) -> Slots:
    lex = lexicon(language)
    clause = replace(clause, words=said_in_place(clause.words, language))  # "…de ahorro no perdón de cheques"
    draft = Draft(list(clause.content))
    text = draft.text
    past_closing = lex.cue("thats_all").blanked(text)  # "gracias, es todo": all there is to say, no debt's whole
    references = numbers_cued.cued(draft, lex.cue("not_account"), min_digits=4, reach=numbers_cued.WHOSE_REACH)
    references += [w.upper() for w in draft.words if DISPUTE.fullmatch(w)]  # "¿cómo va la Q-8A6518EF?"
    copulas = frozenset(lex.cue_words("copulas"))
    accounts = numbers_cued.cued(draft, lex.cue("account"), min_digits=numbers_cued.MIN_CUED_ACCOUNT, copulas=copulas)
    accounts += numbers_cued.known_accounts(draft, context)
    bare = [draft.words[i] for i in draft.numbers() if len(digits_of(draft.words[i])) >= ACCOUNT_DIGITS]
    draft.taken |= {i for i in draft.numbers() if len(digits_of(draft.words[i])) >= ACCOUNT_DIGITS}
    last4 = numbers_cued.endings(draft, lex.cue("card_ending"), context)
    hours: list[int] = []
    for cue in ("time_of_day", "day_of_month"):
        for match in lex.cue(cue).find(text):
            spanned = set(range(draft.index(match.start()), draft.index(match.end()) + 1)) & set(draft.numbers())
            draft.taken |= spanned
            hours += [int(draft.words[i]) for i in spanned if cue == "time_of_day" and draft.words[i].isdigit()]
    numbers_cued.cued(draft, lex.cue("replaced"), min_digits=1, reach=2)  # the amount a correction takes back
    numbers_cued.taken_back(draft, lex.cue("replaced_after_amount"))
    scales = frozenset(lex.scales_for(context.region))
    numbers_cued.corrected_in_place(draft, lex.cue("corrected_in_place"), lex.numbers(), scales)
    said_periods = periods_said(text, language, as_of)
    other_payee = lex.cue("another_payee").search(text) is not None  # a bill's payee that is not its biller
    for said in said_periods:
        # the period's words are its own: "diez" in "los últimos diez días" counts no things
        draft.taken |= set(range(draft.index(said.start), draft.index(said.end)))
    top_n = numbers.top_n_of(draft, lex.cue("top_n"))
    count = numbers.counted(draft, lex.cue("counted"), language)
    over, under = numbers.bounds(draft, language, context)
    amounts = numbers.amounts(draft, language, context)
    products, refused_products = products_named(
        a_services_bill_blanked(" ".join(clause.words), lex), language, context.region
    )
    services, refused_services = bills_kept(" ".join(clause.words), services_named(text, language), language)
    products = [held_kind(p, context) for p in products]
    accounts, products = own_accounts(accounts, products, draft, lex, context)
    products = own_endings(last4, products, draft, lex, context)
    merchants = merchants_named(text, context.merchants, language) or _own_merchants_as_said(clause, context)
    amounts = [a for a in amounts if not number_names_a_merchant(a.said, merchants)]  # "as corridas do 99"
    return Slots(
        amounts=tuple(amounts),
        accounts=tuple(dict.fromkeys(accounts)),
        bare_numbers=tuple(b for b in bare if b not in accounts),
        references=tuple(references),
        last4=tuple(last4),
        record_ids=tuple(w.upper() for w in draft.words if RECORD_ID.fullmatch(w)),
        products=tuple(products),
        merchants=merchants,
        places=places_named(draft.words, language),
        periods=tuple(s.period for s in said_periods),
        period_words=sum(len(text[s.start : s.end].split()) for s in said_periods),
        categories=named_in(_past_where_one_is(text, lex), compiled_table(language, "categories"), skip=brands()),
        currencies=_currencies(text, language),
        services=services,
        refused_services=refused_services,
        refused_product=refused_products,
        count=count,
        ordinal=_ordinal(text, language),
        biggest=bool(lex.cue("the_biggest").search(text)),
        alert_kind=_one(text, compiled_cue_table(language, "alert_kinds"), general=GENERAL_ALERT),
        settles=_one(past_closing, compiled_cue_table(language, "settles")),
        switch="off" if lex.cue("switch_off").search(text) else "on" if lex.cue("switch_on").search(text) else None,
        window=_one(text, compiled_cue_table(language, "windows")) or _window_of(hours),
        topic=_topic(text, language),
        group_by=_first(text, compiled_cue_table(language, "group_by")),
        over=over,
        under=under,
        top_n=top_n,
        everything=bool(lex.cue("everything").search(past_closing)),
        closes=past_closing != text,
        by_size=bool(lex.cue("by_size").search(text)),
        one_before=bool(lex.cue("one_before").search(text)),
        # "¿y en lo que va de este?" leaves the unit unsaid; "de este mes" names its period, and is that period
        current_one=bool(lex.cue("current_one").search(text)) and not said_periods,
        duplicate=bool(lex.cue("duplicate").search(text)),
        other_one=bool(lex.cue("other_one").search(text)) or (refused_products and not products),
        the_rest=bool(lex.cue("the_rest").search(text)),
        both=bool(lex.cue("both").search(text)) or _all_of_them(draft.words, lex),
        same_one=bool(lex.cue("same_one").search(text)),
        # "quiero ver si llego a fin de mes con unas lucas": what the customer wants to see is why they asked
        only_to_know=said_only(list(clause.content), [lex.cue("only_to_know")]) or _opens_with(lex.cue("to_see"), text),
        reversed=bool(lex.cue("reversed").search(text)),
        correction=bool(lex.cue("correction").search(text))
        or bool(lex.cue("said_wrong").search(text) and (amounts or accounts or last4)),
        falls_due=bool(lex.cue("falls_due").search(text)),
        later_day=later_day(past_a_plan_told(clause, lex), lex),
        collection=bool(lex.cue("collection").search(text)),
        awaits=awaits(text, lex),
        deadline=any(lex.cue("deadline").search(t) for t in (text, without_personal_pronouns(text, lex))),
        remaining=bool(lex.cue("remaining").search(text)),
        how_much=bool(lex.cue("how_much").search(text)),
        noted=_whole(text, lex.cue("noted")),
        continues=_opens_with(lex.cue("continues"), text),
        concludes=_concludes(text, lex),
        looks_over=looks_over(list(clause.content), lex),
        guess=_opens_with(lex.cue("guess"), text),
        recognised=_recognised(" ".join(clause.words), lex),
        adds=bool(lex.cue("adds").search(text)),
        points_back=bool(lex.cue("points_back").search(text)),
        that_one=bool(lex.cue("that_one").search(text)),
        claim_named=bool(lex.cue("claim_nouns").search(text)),
        alert_not_offered=bool(lex.cue("alerts_not_offered").search(text)),
        by_their_size=bool(lex.cue("purchases_by_size").search(text)),
        on_a_schedule=bool(lex.cue("on_a_schedule").search(text)),
        # "¿me alcanzaría con la 0033 para el internet? nomás quiero saber": asked only to know, an action is weighed
        its_terms=bool(lex.cue("its_terms").search(text)) or _ends_with(lex.cue("only_to_know"), text),
        secret=secret_named(text, lex),
        impersonation=impersonated(text, lex),
        scam_purpose=scam_purpose_named(text, lex),
        stranger=bool(lex.cue("stranger").search(lex.cue("numbered_things").blanked(text))),
        close_one=bool(lex.cue("close_ones").search(text)),
        their_money=any(lex.cue(cue).search(text) for cue in ("their_money", "incoming")),
        can_do=bool(lex.cue("can_do").search(text)),
        demanded=any(lex.cue("demanded").search(t) for t in (text, without_clitics_after_que(text, lex))),
        given_account=given_account(text, draft.words, lex) or other_payee,
        other_payee=other_payee,
        link=any(LINK.fullmatch(w) for w in draft.words),
        no_skill_topic=bool(lex.cue("no_skill_topics").search(text)),
        not_in_records=_not_in_records(text, lex, context.region),
    )


def _recognised(said: str, lex: Lexicon) -> bool:
    """ "ya me acordé, fue el monitor que pedí": the customer recognises the charge ("no fue mío" is no recognition;
    "ah no, ese sí es el del Éxito": a "no" before a comma takes back what the customer said before, not this)."""
    negations = {str(n) for n in lex.cue_words("negation")}
    yes = {str(w) for w in lex.cue_words("affirm") if " " not in str(w)}  # "ah no ese sí es…": "sí" is no "no"

    def negated(m: Found) -> bool:
        return bool(set(said[: m.start()].split()[-1:]) & negations) and not set(fold(m.group(0)).split()) & yes

    found = lex.cue("recognised").find(said)
    return bool(found) and not any(negated(m) for m in found)


def _past_where_one_is(text: str, lex: Lexicon) -> str:
    """The text with where the customer is as they write blanked, the word after it too ("porque tô no ônibus",
    "voy en el metro"): the bus is no category of what they ask."""
    for found in lex.cue("where_one_is").find(text):
        rest = text[found.end() :]
        ride = len(rest) - len(rest.lstrip()) + len(rest.lstrip().split(" ", 1)[0])
        text = text[: found.start()] + " " * (found.end() - found.start() + ride) + text[found.end() + ride :]
    return text


def _all_of_them(words: Sequence[str], lex: Lexicon) -> bool:
    """ "se llevaron mis 2 tarjetas, bloquéenlas": an action's verb with a plural pronoun attached acts on them all."""
    plural = tuple(str(c) for c in lex.cue_words("plural_clitics"))
    verbs = lex.cue("action_verbs")
    return bool(plural) and any(
        w.endswith(plural) and (found := verbs.search(w)) is not None and found.start() == 0 for w in words
    )


def _whole(text: str, phrases: Phrases) -> bool:
    """The words are one of the phrases and nothing more ("ok", "beleza", "ok gracias")."""
    found = phrases.search(text.strip())
    return found is not None and found.start() == 0 and found.end() == len(text.strip())


def _currencies(text: str, language: str) -> tuple[str, ...]:
    # "na real era 40" (actually, it was 40): a currency's word inside a saying names no currency
    text = masked(text, (("saying", lexicon(language).cue("not_currency")),))
    found = [(m.start(), code) for code, phrases in compiled_table(language, "currencies") for m in phrases.find(text)]
    return tuple(dict.fromkeys(code for _, code in sorted(found)))


def settles_said(text: str, language: str) -> frozenset[str]:
    """The ways the customer's own words settle a debt ("liquídala": whole, "…mejor nomás el mínimo": minimum too):
    the wall a proposal's `settle` passes, as an amount must stand in the words."""
    words, _ = normalise(text, language)
    said = " ".join(words)
    return frozenset(name for name, phrases in compiled_cue_table(language, "settles") if phrases.search(said))


def _one(text: str, table: Table, general: str | None = None) -> str | None:
    """The one name of the table the words say; none, or several, is None. A `general` name said with another gives
    way to it ("alerta de compra duplicada": the purchases' duplicates, not every purchase)."""
    named = [name for name, phrases in table if phrases.search(text)]
    named = [n for n in named if n != general] if len(named) > 1 else named
    return named[0] if len(named) == 1 else None


def _first(text: str, table: Table) -> str | None:
    named = [name for name, phrases in table if phrases.search(text)]
    return named[0] if named else None


def _window_of(hours: list[int]) -> str | None:
    """ "a las 10" is the morning, "a las 5" the afternoon, "a las 8 pm"… the evening: a call's window from its hour
    (a bank calls between 8 and 20; an hour under 8 said alone is the afternoon's)."""
    if len(hours) != 1 or not 1 <= hours[0] <= 23:
        return None
    hour = hours[0] + 12 if hours[0] < 8 else hours[0]
    return "morning" if hour < 12 else "afternoon" if hour < 19 else "evening"


def _concludes(text: str, lex: Lexicon) -> bool:
    """ "o sea que…", "bueno, ou seja…": the words open on what the customer concludes, past a yes or an opener."""
    found = lex.cue("concludes").search(text)
    before = text[: found.start()].split() if found else []
    return found is not None and (not before or said_only(before, [lex.cue("affirm"), lex.cue("openers")]))


def _opens_with(phrases: Phrases, text: str) -> bool:
    found = phrases.search(text)
    return found is not None and found.start() == 0


def _ends_with(phrases: Phrases, text: str) -> bool:
    return any(found.end() == len(text) for found in phrases.find(text))


def _ordinal(text: str, language: str) -> int | None:
    named = _one(text, compiled_cue_table(language, "ordinals"))
    return int(named) if named else None


def _topic(text: str, language: str) -> str | None:
    return _one(text, compiled_cue_table(language, "summary_topics"))


def _not_in_records(text: str, lex: Lexicon, region: str | None) -> bool:
    """A product or rate the bank keeps no record of, unless its words are inside the name of one it does ("el
    crédito de libre inversión" is a loan, not an investment)."""
    found = lex.cue("not_in_records").find(text)
    if not found:
        return False
    language = lex.language
    named = (*compiled_table(language, "products"), *compiled_region_table(language, "region_products", region))
    spans = [(m.start(), m.end()) for _, phrases in named for m in phrases.find(text)]
    return any(
        not any(s <= m.start() and m.end() <= e and e - s > m.end() - m.start() for s, e in spans) for m in found
    )
