"""How a skill answers: its folder's answers.yaml holds an ES and a PT template per result shape, and code
fills them from the tool results, in the customer's language and number convention. No model writes a
figure, a date, a merchant, a card ending, a status or an outcome; and a merchant's own text (its name, its
city) is written as the merchant's, quoted (`Voice.merchant`), never as the bank's words."""

from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from functools import cache
from importlib.resources import files
from typing import Any

from quipu.application.skills.manifest import SKILLS_PACKAGE
from quipu.domain import records_text
from quipu.domain.locale import local_moment, locale_of
from quipu.domain.money import format_date, format_money, format_number
from quipu.domain.words import listing, word
from quipu.domain.yaml_text import read_values

LANGUAGES = ("es", "pt")


class MissingTemplate(KeyError):
    """A skill's answers.yaml lacks a key or a language: a programming error, caught by a test."""


@cache
def templates(skill: str) -> dict[str, dict[str, str]]:
    """{key: {es, pt}} from skills/<skill>/answers.yaml."""
    text = (files(SKILLS_PACKAGE) / skill / "answers.yaml").read_text(encoding="utf-8")
    loaded: dict[str, dict[str, str]] = read_values(text) or {}
    for key, by_language in loaded.items():
        if set(by_language) != set(LANGUAGES):
            raise MissingTemplate(f"{skill}/answers.yaml: {key} needs exactly es and pt")
    return loaded


@dataclass(frozen=True)
class Voice:
    """Writes one skill's sentences for one customer: language for words, country for numbers."""

    skill: str
    language: str = "es"
    country: str | None = None
    shared: dict[str, Any] = field(default_factory=dict)

    def say(self, key: str, **values: object) -> str:
        found = templates(self.skill).get(key) or templates("_shared").get(key)
        if found is None:
            raise MissingTemplate(f"{self.skill}: no template {key}")
        return found[self.language].format(**values)

    def money(self, amount: object, currency: str) -> str:
        return format_money(Decimal(str(amount)), currency, self.country or self.language)

    def date(self, value: object) -> str:
        if isinstance(value, str):
            value = datetime.fromisoformat(value)
        if isinstance(value, datetime):
            value = value.date()
        return format_date(value, self.language) if isinstance(value, date) else ""

    def percent(self, value: object) -> str:
        """`36.00%` / `36,00%`: a rate as the customer writes numbers."""
        return f"{format_number(Decimal(str(value)), self.country or self.language)}%"

    def moment(self, value: str | datetime) -> str:
        """A date and a time on the customer's clock (`2 de diciembre, 10:15`): a record's local time as written,
        a time quipu stored (UTC) in the customer's time zone."""
        at = datetime.fromisoformat(value) if isinstance(value, str) else value
        return local_moment(at, locale_of(self.country, self.language))

    def word(self, value: str | None) -> str:
        return word(value, self.language)

    def listing(self, parts: list[str]) -> str:
        return listing(parts, self.language)

    def product(self, product_type: str | None, last4: str | None) -> str:
        """`tu tarjeta de crédito terminada en 1234` / `seu cartão de crédito final 1234`."""
        return self.say("product", kind=self.word(product_type), last4=last4 or "—")

    def merchant(self, value: object) -> str:
        """A merchant's name as the merchant's text, never the bank's words: one line, cut, in “ ”."""
        return records_text.quoted(records_text.merchant(value))

    def city(self, value: object) -> str:
        """A city from the records (where a card was used): as the merchant's text too."""
        return records_text.quoted(records_text.city(value))

    def record(self, value: object) -> str:
        """Any other free text of the records (a guarded query's cell)."""
        return records_text.quoted(records_text.cell(value))

    def lines(self, items: list[str]) -> str:
        return "\n".join(f"• {item}" for item in items if item)
