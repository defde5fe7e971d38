"""Amounts said in words ("mil quinientos", "cinco lucas", "un palo", "medio palo"), and what a sum said with a
scale goes on with ("3 mil 500", "2 mil quinientos", "tres lucas y media", "2 mil e 300")."""

from decimal import Decimal
from functools import cache

from quipu.domain.reading.draft import Draft, money_words
from quipu.domain.reading.lexicon import common_words, lexicon
from quipu.domain.reading.model import Amount
from quipu.domain.reading.text import NUMBER

MILLION, THOUSAND = Decimal(1_000_000), Decimal(1000)
NUMBER_JOINERS = ("y", "e")  # "treinta y cinco", "mil e quinhentos", "cento e vinte"


def spelled_at(draft: Draft, start: int, numbers: dict[str, int], scales: dict[str, Decimal]) -> Decimal | None:
    """A number said in words right at `start` ("mil", "dos mil quinientos"), its words taken."""
    total, current, i = Decimal(0), Decimal(0), start
    while i < len(draft.words) and (draft.words[i] in numbers or draft.words[i] in scales):
        word = draft.words[i]
        if word in scales:
            total, current = total + (current or Decimal(1)) * scales[word], Decimal(0)
        else:
            current += numbers[word]
        draft.taken.add(i)
        i += 1
    return total + current if i > start else None


def _joins_a_number(words: list[str], j: int, numbers: dict[str, int]) -> bool:
    """An "y"/"e" between two number words belongs to the number; before anything else it joins clauses."""
    return words[j] in NUMBER_JOINERS and j + 1 < len(words) and words[j + 1] in numbers


def spelled(draft: Draft, numbers: dict[str, int], scales: dict[str, Decimal]) -> list[Amount]:
    """Amounts in words: "mil quinientos", "dos mil", "cinco lucas", "un palo"; a lone "una" or "dos" counts
    nothing ("una tarjeta")."""
    found = []
    i = 0
    words = draft.words
    halves_of = halves()
    while i < len(words):
        half = words[i] in halves_of and i + 1 < len(words) and words[i + 1] in scales and i not in draft.taken
        if half:  # "medio palo", "media luca", "meio milhão": half of the scale that follows
            draft.taken |= {i, i + 1}
            found.append(Amount(f"{words[i]} {words[i + 1]}", (scales[words[i + 1]] / 2,)))
            i += 2
            continue
        run: list[str] = []
        total, current, last_scale = Decimal(0), Decimal(0), Decimal(0)
        j = i
        while (
            j < len(words)
            and j not in draft.taken
            and (words[j] in numbers or words[j] in scales or (run and _joins_a_number(words, j, numbers)))
        ):
            word = words[j]
            if word in NUMBER_JOINERS:
                j += 1
                continue
            if word in scales:
                current = (current or Decimal(1)) * scales[word]
                total, current = total + current, Decimal(0)
                last_scale = scales[word]
            else:
                current += numbers[word]
            run.append(word)
            j += 1
        # "un palo setecientos diez", "el millón doscientos": after a million, what follows without a scale of its
        # own is thousands, as a hundred after "mil" is units
        if run and run[-1] not in scales and last_scale >= MILLION and current < THOUSAND:
            current *= THOUSAND
        rest = rest_of_a_sum(draft, j, last_scale) if run and run[-1] in scales else None
        if rest is not None:  # "dos mil 500", "un palo y medio": what the sum goes on with
            current += rest[0]
            run += [words[k] for k in sorted(rest[1])]
            j = max(rest[1]) + 1
        value = total + current
        lone_scale = len(run) == 1 and run[0] in scales  # "mil gracias" thanks; "mil pesos" is an amount
        money_next = j < len(words) and (words[j] in money_words("es") or words[j] in money_words("pt"))
        # "mejor el millón completo", "o milhão inteiro": a million after its article is one, as "un millón" is
        one_named = lone_scale and value >= MILLION and i > 0 and words[i - 1] in common_words("articles")
        if run and (any(w in scales for w in run) or value >= 10) and (not lone_scale or money_next or one_named):
            found.append(Amount(" ".join(run), (value,)))
        i = max(j, i + 1)
    return found


def rest_of_a_sum(draft: Draft, j: int, scale: Decimal) -> tuple[Decimal, set[int]] | None:
    """What a sum said with a scale goes on with, from word j: a number smaller than the scale ("3 mil 500", "2 mil
    quinientos", "dos mil 500"; after a million, thousands: "un palo 700"), or a half of it after "y"/"e" ("tres
    lucas y media", "1 milhão e meio"). Digits after an "e" are Portuguese's way ("2 mil e 300"); in Spanish an "y"
    before digits joins clauses ("paga 2 mil y 500 a la otra")."""
    words, numbers = draft.words, number_words()
    joined = j < len(words) and words[j] in NUMBER_JOINERS
    k = j + 1 if joined else j
    if k >= len(words) or k in draft.taken or scale <= 1:
        return None
    if joined and words[k] in halves():
        return scale / 2, {j, k}
    rest, said = Decimal(0), set()
    if NUMBER.fullmatch(words[k]) and words[k].isdigit() and (not joined or words[j] == "e"):
        rest, said = Decimal(words[k]), {k}
    elif words[k] in numbers:
        while k < len(words) and k not in draft.taken and (words[k] in numbers or _joins_a_number(words, k, numbers)):
            rest += numbers.get(words[k], 0)
            said.add(k)
            k += 1
    if scale >= MILLION and 0 < rest < THOUSAND:
        rest *= THOUSAND
    if not 0 < rest < scale:
        return None
    return rest, said | ({j} if joined else set())


def goes_on_a_spelled_sum(draft: Draft, i: int, scales: dict[str, Decimal]) -> bool:
    """ "dos mil 500", "dois mil e 300": digits after a sum said in words are read with it (by `spelled`)."""
    words, numbers = draft.words, number_words()
    scale_at = i - 2 if i >= 2 and words[i - 1] in NUMBER_JOINERS else i - 1
    if scale_at < 1 or words[scale_at] not in scales or scale_at in draft.taken:
        return False
    spelled_before = words[scale_at - 1] in numbers or words[scale_at - 1] in scales
    rest = rest_of_a_sum(draft, scale_at + 1, scales[words[scale_at]])
    return spelled_before and rest is not None and i in rest[1]


@cache
def number_words() -> dict[str, int]:
    """The numbers said in words, in either language ("quinientos", "quinhentos")."""
    return {**lexicon("es").numbers(), **lexicon("pt").numbers()}


@cache
def halves() -> frozenset[str]:
    """ "medio palo", "tres lucas y media", "meio milhão": the words for half of a scale, in either language."""
    return frozenset(str(w) for language in ("es", "pt") for w in lexicon(language).cue_words("half"))
