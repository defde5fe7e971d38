"""Use case: read one message once, against what the customer's own records name (their merchants, products and
payees), with the configured reader: the lexicon's rules alone, the learned reader, or the model."""

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from quipu.domain.reading.model import OwnProduct, Reading, ReadingContext
from quipu.domain.reading.reader import LearnedReader, read, read_joined
from quipu.domain.reading.text import fold

REGIONS = {"mexico": "MX", "colombia": "CO", "argentina": "AR", "brazil": "BR", "brasil": "BR"}


class ReaderMode(StrEnum):
    RULES = "rules"  # the lexicon's named intents alone: the baseline
    LEARNED = "learned"  # the learned reader; in doubt, code asks
    LEARNED_AND_MODEL = "learned+model"  # the model reads what the learned reader leaves in doubt
    MODEL = "model"  # the model reads every clause (the comparison's other end)


@dataclass(frozen=True)
class CustomerWords:
    """What the customer's records name, for the reading to match words against."""

    country: str | None = None
    merchants: tuple[str, ...] = ()
    products: tuple[OwnProduct, ...] = ()
    payees: tuple[str, ...] = ()


class Vocabulary(Protocol):
    async def words_of(self, customer_id: str) -> CustomerWords: ...


@dataclass
class Understanding:
    learned: LearnedReader | None
    vocabulary: Vocabulary
    mode: ReaderMode = ReaderMode.LEARNED

    async def context(self, customer_id: str | None, language: str) -> ReadingContext:
        words = await self.vocabulary.words_of(customer_id) if customer_id else CustomerWords()
        return ReadingContext(
            language=language,
            region=REGIONS.get(fold(words.country or "")),
            merchants=words.merchants,
            products=words.products,
            payees=words.payees,
        )

    @property
    def _reader(self) -> LearnedReader | None:
        return None if self.mode == ReaderMode.RULES else self.learned

    def read(self, text: str, context: ReadingContext) -> Reading:
        return read(text, context, self._reader)

    def read_together(self, earlier: str, now: str, context: ReadingContext, intent: str) -> Reading:
        """A follow-up read with the words it continues, as one clause of the intent they continue."""
        return read_joined(f"{earlier} {now}".strip(), context, self._reader, intent)
