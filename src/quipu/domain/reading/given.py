"""An account someone else gave the customer to send money to: named with who gave it ("a la cuenta que me
pasaron"), said as theirs ("a su cuenta", "na conta dele") or an alias ("fibra.pago.urgente"). Money sent there goes
where they say, not where the records do (and so does a bill's whose payee is not its biller, "o beneficiário é outra
empresa": the reading's slots count it with these)."""

from collections.abc import Sequence

from quipu.domain.reading.lexicon import Lexicon
from quipu.domain.reading.text import LINK

GIVEN_REACH = 3  # "conta | de regularização | que ele passou": at most this many words between an account and its giver
ALIAS_WORDS = 3  # an account's alias joins three words at least ("fibra.pago.urgente")


def given_account(text: str, words: Sequence[str], lex: Lexicon) -> bool:
    own = {str(w) for w in lex.cue_words("own_possessives")}
    # "meu alias é martina.sol.rio": the customer's own alias, said as theirs a few words before it, was given by no one
    aliases = [i for i, w in enumerate(words) if _an_alias(w) and not LINK.fullmatch(w)]
    theirs = [i for i in aliases if not own & {w.lower() for w in words[max(0, i - GIVEN_REACH) : i]}]
    given = _given_account(text, lex) or _handed_over(text.split(), lex)
    return given or bool(theirs)


def _an_alias(word: str) -> bool:
    """ "fibra.pago.urgente": an account's alias, words joined by dots; the bank pays no bill and no debt into one, and
    the customer's own payees are accounts the records hold, so an alias is always an account someone gave."""
    parts = word.split(".")
    return len(parts) >= ALIAS_WORDS and all(p.isalpha() for p in parts)


def _given_account(text: str, lex: Lexicon) -> bool:
    """ "a la cuenta que me pasaron", "numa conta de regularização que ele passou": an account named, then who gave it,
    a few words apart; or the account said as the other's own ("a su cuenta", "na conta dele")."""
    # "desde mi cuenta de otro banco": the customer's own account, wherever it is, was given by no one
    own = {str(w) for w in lex.cue_words("own_possessives")}
    accounts = [m.span() for m in lex.cue("account").find(text) if not own & set(text[: m.start()].split()[-1:])]
    return any(
        any(
            (end <= m.start() and len(text[end : m.start()].split()) <= GIVEN_REACH)
            or (start < m.end() and m.start() < end and not _their_own(text, m.start(), lex))  # "su cuenta"
            for start, end in accounts
        )
        for m in lex.cue("given_by_others").find(text)
    )


def _handed_over(words: list[str], lex: Lexicon) -> bool:
    """ "me pasó un CBU", "nos dieron una clabe", "ele me mandou a chave": someone handing the customer an account, an
    account's word a few words after a verb of handing with "me" or "nos" before it."""
    handing, to_us = set(lex.cue_words("handing_verbs")), set(lex.cue_words("handed_to_us"))
    accounts, determiners = lex.cue("account"), set(lex.cue_words("handed_determiners"))
    for at, word in enumerate(words):
        if not (word in handing and at and words[at - 1] in to_us):
            continue
        # the account is what was handed, right after the verb ("me pasó un CBU"), never where money went ("me mandó
        # 1,500 a mi cuenta")
        rest = list(words[at + 1 : at + 2 + GIVEN_REACH])
        while rest and rest[0] in determiners:
            rest = rest[1:]
        found = accounts.search(" ".join(rest))
        if found is not None and found.start() == 0:
            return True
    return False


def _their_own(text: str, start: int, lex: Lexicon) -> bool:
    """ "mi mamá la paga desde la cuenta de ella", "mi novia paga el agua con la cuenta de ella": an account said as
    someone's own, as the source of their own payment ("desde", "con"), is no account given to send money to (one
    they ask money for, "que le deposite a su cuenta", still is)."""
    before = text[:start].split()[-1:]
    sources = {w for cue in ("from_words", "with_words") for p in lex.cue_words(cue) for w in str(p).split()}
    return bool(set(before) & sources)
