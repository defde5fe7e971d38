"""The words that only open a turn ("oye", "listo gracias, entonces…", "oi,"): the reading weighs what comes after
them."""

from functools import cache

from quipu.domain.reading.lexicon import Lexicon, Phrases, lexicon
from quipu.domain.reading.text import fold
from quipu.domain.reading.words import AND, PUNCTUATION

OPENING = 3  # a cue of mood counts where a clause opens (its first words)
LOOKED_AT = 4  # "mis movimientos", "mi estado de cuenta", "o extrato do cartão": what was looked over, in few words


def past_openers(words: list[str], lex: Lexicon) -> list[str]:
    """The clause from its first word that is not an opener ("listo gracias, entonces pague…" reads from "pague");
    a clause of openers only stays as it is ("ok gracias")."""
    openers = openers_of(lex.language)
    longest = _longest_opener(lex.language)
    rest = list(words)
    while rest:
        # "y bueno ya que estamos págame la luz": an "and" between openers opens nothing either
        size = next((n for n in range(longest, 0, -1) if " ".join(rest[:n]) in openers), 0)
        # "va, entonces levanta la aclaración…", "claro, entonces págala": a yes before an opener opens nothing either
        # (an "if" that is also a yes, "si", stays: "si ahora me cobran…" supposes)
        yes = rest[0] in AND or rest[0] in _yes_words(lex.language)
        if not size and yes and len(rest) > 1 and " ".join(rest[1:2]) in openers:
            size = 1
        if not size:
            break
        rest = rest[size:]
    return rest or words


def looks_over(words: list[str], lex: Lexicon) -> bool:
    """ "ando checando mis movimientos y…", "tava olhando o extrato e…": the clause opens on what the customer was
    looking over when they noticed what they go on to tell (a gerund of looking, after a verb of being at it or
    alone); it asks for nothing of its own."""
    rest = [w for w in past_openers(words, lex) if w not in PUNCTUATION]
    at_it = rest[1:] if rest[:1] and rest[0] in lex.cue_words("progressive") else rest
    # "revisando mis movimientos veo que uber me cobró dos veces": what was noticed, said in the same clause, is read
    return bool(at_it) and at_it[0] in lex.cue_words("looking_over") and len(at_it) - 1 <= LOOKED_AT


@cache
def _longest_opener(language: str) -> int:
    """How many words the longest opener has ("que no tiene nada que ver")."""
    return max((len(o.split()) for o in openers_of(language)), default=0)


@cache
def openers_of(language: str) -> frozenset[str]:
    """The openers as written and as the normaliser leaves them ("tá bom" is read "esta bom"); a greeting opens a turn
    too ("oi, o ifood me cobrou 2x…")."""
    lex = lexicon(language)
    spellings = lex.spellings()
    greetings = (lex.raw.get("intents") or {}).get("greeting") or []
    written = [fold(str(o)) for o in [*lex.cue_words("openers"), *greetings]]
    return frozenset([*written, *(" ".join(spellings.get(w, w) for w in o.split()) for o in written)])


@cache
def _yes_words(language: str) -> frozenset[str]:
    """The one-word yeses of the language ("va", "claro", "sip"), but for the one that is also "if"."""
    yeses = (lexicon(language).raw.get("intents") or {}).get("affirm") or []
    return frozenset(fold(str(w)) for w in yeses if " " not in str(w)) - if_words(language)


def opens_with(phrases: Phrases, opening: str) -> bool:
    found = phrases.search(opening)
    return found is not None and len(opening[: found.start()].split()) <= 1


def past_fillers(words: list[str], lex: Lexicon) -> list[str]:
    """ "e já bloqueia o cartão", "y ya bloquéala", "bueno pero igual bloquéenme…": an "and", a filler, "right away"
    or "anyway" before what the clause opens on."""
    silent = AND | set(lex.cue_words("fillers"))
    at = 0
    while at < len(words) - 1:
        said = " ".join(words[at:])
        # "con mi cuenta 0011 paga la mensualidad": where the money comes from, said first, opens nothing either
        cues = ("right_away", "anyway", "source_first")
        soon = next((f for c in cues if (f := lex.cue(c).search(said)) and f.start() == 0), None)
        if soon is not None:  # "y ya de una bloquéala"
            at += len(soon.group(0).split())
        elif words[at] in silent:
            at += 1
        else:
            break
    return words[at:] if at > 1 else words  # one such word the openings already allow


def if_words(language: str) -> set[str]:
    """The one-word "if"s of the language ("si", "se")."""
    return {p for p in lexicon(language).cue_words("hypothetical") if " " not in p}


def asks_only_to_know(words: list[str], lex: Lexicon) -> bool:
    """ "yo nomás quería saber de cuánto vino", "eu só queria saber quanto deu": what the customer only wants to know
    opens the words (after "I"), so they ask it anew, whatever came before; "…, só queria saber" alone asks nothing
    more than the words before it."""
    spoken = words[1:] if words[:1] and words[0] in lex.cue_words("first_person") else words
    said = " ".join(spoken)
    only = lex.cue("only_to_know").search(said)
    return only is not None and only.start() == 0 and bool(said[only.end() :].split())
