"""The numbers in a clause, each given its one meaning: the numbers that name something else are taken first
(`numbers_cued.py`: a phone or a reference, an account, a card ending, the number a correction takes back), then a
time or a day, a count, the bounds of a search, and what is left: amounts in the customer's locale, with "mil",
"k", "lucas", "palos"."""

import re
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache

from quipu.domain.money import read_amount
from quipu.domain.reading.lexicon import Phrases, common_words, lexicon
from quipu.domain.reading.model import Amount, ReadingContext
from quipu.domain.reading.text import NUMBER, fold

CUE_REACH = 3  # a number belongs to a cue at most this many words after it
ACCOUNT_DIGITS = 10  # an account number is this long or longer; shorter numbers are amounts or endings
DECIMAL_COMMA_REGIONS = ("CO", "AR", "BR")


@dataclass
class Draft:
    """The clause's words, and which of them a slot has taken."""

    words: list[str]
    taken: set[int] = field(default_factory=set)
    corrected: set[int] = field(default_factory=set)  # sums taken back in the same words: their scale still counts

    @property
    def text(self) -> str:
        return " ".join(self.words)

    def index(self, offset: int) -> int:
        return len(self.text[:offset].split())

    def numbers(self) -> list[int]:
        return [i for i, w in enumerate(self.words) if NUMBER.fullmatch(w) and i not in self.taken]

    def after(self, offset: int, reach: int = CUE_REACH) -> list[int]:
        start = self.index(offset)
        return [i for i in self.numbers() if start <= i < start + reach]


def digits_of(word: str) -> str:
    return re.sub(r"\D", "", word)


@cache
def money_words(language: str) -> frozenset[str]:
    """The words that make the number before them money: the money words, the currencies, the scales."""
    lex = lexicon(language)
    found = {fold(str(w)) for w in lex.words("money_words")} | set(lex.scales_for(None))
    for phrases in lex.table("currencies").values():
        found |= {fold(str(p)).split()[0] for p in phrases if str(p).strip()}
    return frozenset(found)


def money_follows(draft: Draft, i: int) -> bool:
    following = draft.words[i + 1 : i + 2]
    return bool(following) and (following[0] in money_words("es") or following[0] in money_words("pt"))


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


def word_after(draft: Draft, i: int) -> str:
    return draft.words[i + 1] if i + 1 < len(draft.words) else ""


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
    for i in sorted({*draft.numbers(), *draft.corrected}):
        reading = read_amount(draft.words[i], decimal_place(language, context))
        if reading is None:
            continue
        scale_word = word_after(draft, i)
        scale = scales.get(scale_word, Decimal(1))
        if scale != 1:
            draft.taken.add(i + 1)  # "5 mil": the scale is read with its number, not again alone
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


MILLION, THOUSAND = Decimal(1_000_000), Decimal(1000)
NUMBER_JOINERS = ("y", "e")  # "treinta y cinco", "mil e quinhentos", "cento e vinte"


def _joins_a_number(words: list[str], j: int, numbers: dict[str, int]) -> bool:
    """An "y"/"e" between two number words belongs to the number; before anything else it joins clauses."""
    return words[j] in NUMBER_JOINERS and j + 1 < len(words) and words[j + 1] in numbers


def spelled(draft: Draft, numbers: dict[str, int], scales: dict[str, Decimal]) -> list[Amount]:
    """Amounts in words: "mil quinientos", "dos mil", "cinco lucas", "un palo"; a lone "una" or "dos" counts
    nothing ("una tarjeta")."""
    found = []
    i = 0
    words = draft.words
    halves = {str(w) for w in lexicon("es").cue_words("half") + lexicon("pt").cue_words("half")}
    while i < len(words):
        half = words[i] in halves and i + 1 < len(words) and words[i + 1] in scales and i not in draft.taken
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
        value = total + current
        lone_scale = len(run) == 1 and run[0] in scales  # "mil gracias" thanks; "mil pesos" is an amount
        money_next = j < len(words) and (words[j] in money_words("es") or words[j] in money_words("pt"))
        # "mejor el millón completo", "o milhão inteiro": a million after its article is one, as "un millón" is
        one_named = lone_scale and value >= MILLION and i > 0 and words[i - 1] in common_words("articles")
        if run and (any(w in scales for w in run) or value >= 10) and (not lone_scale or money_next or one_named):
            found.append(Amount(" ".join(run), (value,)))
        i = max(j, i + 1)
    return found
