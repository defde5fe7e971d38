"""The numbers in a clause that name something other than an amount, taken before the amounts are read: a phone
or a reference after its cue (also written in groups), an account number after an account cue or one of the
customer's own or payees', a card ending, and the number a correction takes back."""

import re
from collections.abc import Mapping

from quipu.domain.reading.draft import ACCOUNT_DIGITS, CUE_REACH, Draft, digits_of, money_follows
from quipu.domain.reading.lexicon import Phrases
from quipu.domain.reading.model import ReadingContext
from quipu.domain.reading.text import NUMBER

# "1.800.000", "35,000.50": thousands grouped as money is written; no reference, phone or account is
MONEY_SHAPED = re.compile(r"\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?")
WHOSE_REACH = 6  # a phone or a reference may be said of someone first ("el cel de mi amiga es 11 4567 8901")
GROUP_DIGITS = 4  # a phone or an account written in groups ("222 145 6789") has groups this short
MIN_CUED_ACCOUNT = 6

COPULA_REACH = 2  # "la cuenta | de él es | 4000001004": the words a copula and its subject add to the reach


def cued(
    draft: Draft, cue: Phrases, *, min_digits: int, reach: int = CUE_REACH, copulas: frozenset[str] = frozenset()
) -> list[str]:
    """Numbers right after a cue ("celular 5544332211", "a la cuenta 4000000033"); each taken once. A number
    written in groups ("su cel es 222 145 6789") is one number: the groups side by side after the cue. A number
    written as money ("falta pagar el trámite, 1.800.000") stays an amount. Past one of `copulas` the number may stand
    a little further ("la cuenta de él es 4000001004", "a conta dele é 4000001004")."""
    found = []
    for match in cue.find(draft.text):
        start = draft.index(match.end())
        for i in draft.after(match.end(), reach + COPULA_REACH if copulas else reach):
            if MONEY_SHAPED.fullmatch(draft.words[i]):
                continue
            if i >= start + reach and not copulas & set(draft.words[start:i]):
                continue
            group = _grouped_from(draft, i)
            said = "".join(digits_of(draft.words[j]) for j in group)
            if len(said) >= min_digits and not set(group) & draft.taken:
                draft.taken |= set(group)
                found.append(said)
                break
    return found


def taken_back(draft: Draft, cue: Phrases) -> None:
    """ "eran 35 lucas no 30", "350, não 300": after an amount, "no" and a number take that number back."""
    for match in cue.find(draft.text):
        at = draft.index(match.start())
        said_before = [i for i in draft.numbers() if at - CUE_REACH <= i < at]
        taken = draft.after(match.end(), reach=1)
        if said_before and taken:
            draft.taken.add(taken[0])


LONE_SUM = 10  # a number word this large said alone is a sum ("quinientos"); "dos", "una" count things
SAID_BEFORE_REACH = 12  # "80 lucas de la caja de ahorro | no perdón que sean 120": the sum corrected, said just before


def corrected_in_place(draft: Draft, cue: Phrases, numbers: Mapping[str, int], scales: frozenset[str]) -> None:
    """ "pagame la tarjeta con 80 lucas de la caja de ahorro no perdón que sean 120 lucas", "manda 500 digo 600",
    "abonarle dos mil… no espera mejor que sean tres mil": a sum said, then a correction and another sum in the same
    words: the first is taken back (said in words, all its words)."""
    in_words = frozenset(numbers) | scales
    for match in cue.find(draft.text):
        at = draft.index(match.start())
        said_before = [i for i in draft.numbers() if at - SAID_BEFORE_REACH <= i < at and i not in draft.taken]
        spelled_before = _spelled_before(draft, at, numbers, scales)
        start = draft.index(match.end())
        spelled_after = [i for i in range(start, start + CUE_REACH) if _free_word(draft, i, in_words)]
        said_after = [i for i in draft.after(match.end(), reach=CUE_REACH) if i not in draft.taken] + spelled_after
        if not said_after:
            continue
        if spelled_before and (not said_before or spelled_before[-1] > said_before[-1]):
            draft.taken |= set(spelled_before)
        elif said_before:
            draft.taken.add(said_before[-1])
            draft.corrected.add(said_before[-1])


def _free_word(draft: Draft, i: int, in_words: frozenset[str]) -> bool:
    return i < len(draft.words) and draft.words[i] in in_words and i not in draft.taken


def _spelled_before(draft: Draft, at: int, numbers: Mapping[str, int], scales: frozenset[str]) -> list[int]:
    """The last sum said in words before `at`, within reach ("dos mil", "quinientos"); a lone "dos" or "una" is no
    sum, nor is a scale after a number in digits ("80 lucas": its sum is the digits')."""
    in_words = frozenset(numbers) | scales
    run: list[int] = []
    for i in range(at - 1, max(at - SAID_BEFORE_REACH, 0) - 1, -1):
        if _free_word(draft, i, in_words):
            run.insert(0, i)
        elif run:
            break
    if not run or (run[0] > 0 and NUMBER.fullmatch(draft.words[run[0] - 1])):
        return []
    sized = len(run) > 1 or draft.words[run[0]] in scales or numbers.get(draft.words[run[0]], 0) >= LONE_SUM
    return run if sized else []


def _grouped_from(draft: Draft, first: int) -> list[int]:
    """The number at `first` and the short digit groups right after it, with no word between, up to a phone's or
    an account's length ("222 145 6789", "4000 0000 33"); a long number stands alone ("4000000033 500")."""
    group = [first]

    def short(i: int) -> bool:
        return i < len(draft.words) and draft.words[i].isdigit() and len(draft.words[i]) <= GROUP_DIGITS

    while short(group[0]) and short(group[-1] + 1) and sum(len(draft.words[j]) for j in group) < ACCOUNT_DIGITS:
        group.append(group[-1] + 1)
    return group


def known_accounts(draft: Draft, context: ReadingContext) -> list[str]:
    """A long number that is one of the customer's own accounts or an account they sent money to before."""
    known = {p.account_number for p in context.products if p.account_number} | set(context.payees)
    found = []
    for i in draft.numbers():
        if digits_of(draft.words[i]) in known:
            draft.taken.add(i)
            found.append(digits_of(draft.words[i]))
    return found


def endings(draft: Draft, cue: Phrases, context: ReadingContext) -> list[str]:
    """Four digits after an ending cue ("terminada en 7788"), or four digits that are one of the customer's own
    products' endings."""
    found = []
    own = {p.last4 for p in context.products if p.last4}
    for match in cue.find(draft.text):
        for i in draft.after(match.end(), reach=2):
            said = draft.words[i]
            # "a que termina em 11": fewer digits name the one product of the customer's own they end
            ending = said if len(said) == 4 else _the_one_ending(said, own)
            if said.isdigit() and ending:
                draft.taken.add(i)
                found.append(ending)
                break
    for i in draft.numbers():
        if draft.words[i] in own and not money_follows(draft, i):
            draft.taken.add(i)
            found.append(draft.words[i])
    return list(dict.fromkeys(found))


def _the_one_ending(said: str, own: set[str]) -> str | None:
    ending = [e for e in own if len(said) in (2, 3) and e.endswith(said)]
    return ending[0] if len(ending) == 1 else None
