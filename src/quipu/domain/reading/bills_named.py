"""The service bills a clause names: those kept to be paid and those refused beside them, past the products' names
and the ways something was bought, and a bill's word before a service's name, which names that bill and no card."""

from quipu.domain.reading.lexicon import Lexicon, Phrases, compiled_table, lexicon
from quipu.domain.reading.products_named import refused_here

Table = tuple[tuple[str, Phrases], ...]


def services_named(text: str, language: str) -> tuple[str, ...]:
    """The services named, past the products' names ("préstamo personal" is a loan) and the ways something was bought
    ("compra por internet" names no bill); a brand that is an everyday word ("claro", "oi") only where it is named
    as one ("la de claro", "a conta da oi")."""
    lex = lexicon(language)
    past_others = masked(masked(text, compiled_table(language, "products")), (("channel", lex.cue("bought_through")),))
    words = past_others.split()
    for i, word in enumerate(words):
        if word in lex.brands_that_are_words and not _joined_before(words[:i], lex.brand_joiners):
            words[i] = " " * len(word)
    return named_in(" ".join(words), compiled_table(language, "services"))


def bills_kept(said: str, services: tuple[str, ...], language: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The bills named to be paid and those named only to be refused beside them ("la del agua no, nomás la luz",
    "a de água não, só a internet"); a bill refused alone stays the bill the clause refuses."""
    lex = lexicon(language)
    refused = {
        name
        for name, phrases in compiled_table(language, "services")
        for m in phrases.find(said)
        if refused_here(said[: m.start()].split(), said[m.end() :].split(), lex)
    }
    kept = tuple(s for s in services if s not in refused)
    return (kept, tuple(s for s in services if s in refused)) if kept and refused & set(services) else (services, ())


def only_another_refused(said: str, kept: tuple[str, ...], language: str) -> bool:
    """ "paga la luz, el agua no": with a bill kept and one refused, the "no" is the refused one's, unless a negation
    or a delay comes before the bill kept ("aún no quiero pagar el agua ni el internet" refuses both)."""
    lex = lexicon(language)
    starts = [m.start() for name, p in compiled_table(language, "services") if name in kept for m in p.find(said)]
    stops = {*lex.cue_words("negation"), *lex.cue_words("not_yet")}
    return bool(starts) and not set(said[: min(starts)].split()) & stops


def _joined_before(before: list[str], joiners: tuple[str, ...]) -> bool:
    said = " ".join(before[-2:])
    return any(said == j or said.endswith(f" {j}") for j in joiners)


def a_services_bill_blanked(said: str, lex: Lexicon) -> str:
    """ "a fatura da luz", "la factura del internet": a bill's word right before a service's name is that service's
    bill, no card of the customer's."""
    services = [m.start() for _, phrases in compiled_table(lex.language, "services") for m in phrases.find(said)]
    for found in lex.cue("bill_of").find(said):
        if any(said[found.end() : start].strip() == "" for start in services):
            said = said[: found.start()] + " " * (found.end() - found.start()) + said[found.end() :]
    return said


def masked(text: str, table: Table) -> str:
    """The text with every name of the table blanked: a word inside a longer name of another kind is that name's
    ("préstamo personal" is a loan, not the phone company Personal)."""
    spans = [match.span() for _, phrases in table for match in phrases.find(text)]
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def named_in(text: str, table: Table, skip: Phrases | None = None) -> tuple[str, ...]:
    """Every name of the table the words say, in the order said (a brand's words are not a category's)."""
    unbranded = text
    if skip is not None:
        for match in skip.find(text):
            if match.group(0).strip() in ("mercado libre", "mercado livre", "mercado pago"):
                unbranded = unbranded.replace(match.group(0), " " * len(match.group(0)))
    found = [(m.start(), name) for name, phrases in table for m in phrases.find(unbranded)]
    return tuple(dict.fromkeys(name for _, name in sorted(found)))
