"""The numbers in a clause, each given its one meaning: the numbers that name something else are taken first
(`numbers_cued.py`: a phone or a reference, an account, a card ending, the number a correction takes back), then a
time or a day, a count, the bounds of a search, and what is left: amounts in the customer's locale, with "mil",
"k", "lucas", "palos"."""

from dataclasses import replace
from decimal import Decimal

from quipu.domain.money import read_amount
from quipu.domain.reading.draft import Draft, digits_of, word_after
from quipu.domain.reading.lexicon import Phrases, lexicon
from quipu.domain.reading.model import Amount, ReadingContext
from quipu.domain.reading.spelled import goes_on_a_spelled_sum, rest_of_a_sum, spelled, spelled_at

DECIMAL_COMMA_REGIONS = ("CO", "AR", "BR")


def top_n_of(draft: Draft, cue: Phrases) -> int | None:
    for match in cue.find(draft.text):
        for i in draft.after(match.start(), reach=1):
            value = int(digits_of(draft.words[i]) or 0)
            if 0 < value <= 50:
                draft.taken.add(i)
                return value
    return None


FEW = 10  # a count of things said with "de" ("dos de mis tarjetas") is small
OF_THE = frozenset({"de", "do", "da", "dos", "das", "mis", "las", "los", "meus", "minhas", "os", "as", "sus", "tus"})


def counted(draft: Draft, cue: Phrases, language: str) -> int | None:
    """A number of things ("2 tarjetas", "dos veces", "2 de mis tarjetas"), not an amount."""
    numbers = lexicon(language).numbers()
    for i, word in enumerate(draft.words[:-1]):
        if i in draft.taken:
            continue
        value = int(word) if word.isdigit() and len(word) <= 3 else numbers.get(word)
        after = i + 1
        few = value is not None and value <= FEW  # "2 de mis tarjetas"; "200 de las cuentas" is money
        while few and after < len(draft.words) - 1 and draft.words[after] in OF_THE and after - i <= 2:
            after += 1
        found = cue.search(draft.words[after])
        if value is not None and found is not None and found.group(0) == draft.words[after]:
            draft.taken.add(i)
            return value
    return None


def bounds(draft: Draft, language: str, context: ReadingContext) -> tuple[Decimal | None, Decimal | None]:
    """ "más de 500", "entre 100 y 300", "até 50": bounds of a search, not an amount to move."""
    lex = lexicon(language)
    found: dict[str, Decimal] = {}
    between = lex.cue("amount_between").search(draft.text)
    if between:
        near = draft.after(between.end(), reach=4)
        if len(near) >= 2:
            values = [value_of(draft.words[i], language, context) for i in near[:2]]
            if all(values):
                draft.taken |= set(near[:2])
                return values[0], values[1]
    for name, cue in (("over", "amount_over"), ("under", "amount_under")):
        for match in lex.cue(cue).find(draft.text):
            for i in draft.after(match.end(), reach=2):
                value = value_of(draft.words[i], language, context, scale_word=word_after(draft, i))
                if value is not None:
                    draft.taken.add(i)
                    found[name] = value
                    break
            else:  # "más de mil pesos": a bound said in words
                said = spelled_at(draft, draft.index(match.end()), lex.numbers(), lex.scales_for(context.region))
                if said is not None:
                    found[name] = said
    return found.get("over"), found.get("under")


def decimal_place(language: str, context: ReadingContext) -> str:
    """Where a comma is the decimal mark: the customer's region, or else their language's usual one. Portuguese is
    written in Brazil's convention wherever the account is (a Brazilian banking in Mexico writes "1.000" for a
    thousand); Spanish is written in its region's."""
    if language == "pt":
        return "brazil"
    if context.region:
        return "brazil" if context.region in DECIMAL_COMMA_REGIONS else "mexico"
    return "pt" if language == "pt" else "es"


def value_of(word: str, language: str, context: ReadingContext, scale_word: str = "") -> Decimal | None:
    reading = read_amount(word, decimal_place(language, context))
    if reading is None:
        return None
    scale = lexicon(language).scales_for(context.region).get(scale_word, Decimal(1))
    return reading.values[0] * scale


def amounts(draft: Draft, language: str, context: ReadingContext) -> list[Amount]:
    """Every amount left in the words, with the scales the customer's region gives ("5 lucas" is 5000)."""
    lex = lexicon(language)
    scales = lex.scales_for(context.region)
    corrections = [draft.index(m.start()) for m in lex.cue("correction").find(draft.text)]
    found: list[Amount] = []
    scaled: tuple[int, str, Decimal] | None = None  # the last amount said with a scale: where, its word, its value
    rests: set[int] = set()  # the words of what a sum said with a scale goes on with ("3 mil 500")
    for i in sorted({*draft.numbers(), *draft.corrected}):
        reading = read_amount(draft.words[i], decimal_place(language, context))
        if reading is None or i in rests or goes_on_a_spelled_sum(draft, i, scales):
            continue
        scale_word = word_after(draft, i)
        scale = scales.get(scale_word, Decimal(1))
        if scale != 1:
            draft.taken.add(i + 1)  # "5 mil": the scale is read with its number, not again alone
            rest = rest_of_a_sum(draft, i + 2, scale)
            if rest is not None:  # "3 mil 500", "2 mil quinientos", "3 lucas y media": one sum
                value, said_after = rest
                rests |= said_after
                draft.taken |= said_after
                reading = replace(reading, values=tuple(v * scale + value for v in reading.values))
                scale_word = " ".join(draft.words[i + 1 : max(said_after) + 1])
                found.append(Amount(f"{draft.words[i]} {scale_word}", reading.values))
                continue
            scaled = (i, scale_word, reading.values[0] * scale)
        if i in draft.corrected:  # "30 lucas… no perdón que sean 40": its scale is the correction's, not its sum
            continue
        elif scaled is not None and _corrected_in_its_scale(i, reading.values[0], scaled, scales, corrections):
            scale_word = scaled[1]  # "muévame 200 lucas… uy no, que sean 250": 250 lucas
            scale = scales[scale_word]
        said = f"{draft.words[i]} {scale_word}" if scale != 1 else draft.words[i]
        found.append(Amount(said, tuple(v * scale for v in reading.values)))
    found += spelled(draft, lex.numbers(), scales)
    return found


def _corrected_in_its_scale(
    i: int, bare: Decimal, scaled: tuple[int, str, Decimal], scales: dict[str, Decimal], corrections: list[int]
) -> bool:
    """A bare number said after a correction of an amount said with a scale ("200 lucas… que sean 250") is in that
    scale, when in it the two are of one size (within ten times of each other) and bare they are not."""
    where, word, value = scaled
    scale = scales[word]
    corrected = any(where < c <= i for c in corrections)
    return corrected and bare < scale and value / 10 <= bare * scale <= value * 10
