"""A photo of a statement, read as text by OCR, becomes candidate charges: hints for the investigation, which
answers from the bank's own records. Nothing here trusts the image for a figure it reports."""

import re
from dataclasses import dataclass
from decimal import Decimal

from quipu.domain.texts import requests

MAX_IMAGE_BYTES = 4 * 1024 * 1024
MAGIC = {b"\xff\xd8\xff": "image/jpeg", b"\x89PNG\r\n\x1a\n": "image/png"}
LINE = re.compile(
    r"^(?P<date>\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}-\d{2}-\d{2})?\s*(?P<merchant>.*?[A-Za-zÀ-ÿ].*?)\s+"
    r"(?P<sign>-)?\$?\s?(?P<amount>\d{1,3}(?:[.,\s]\d{3})*[.,]\d{2}|\d+[.,]\d{2})\s*(?P<currency>MXN|COP|ARS|USD|BRL)?\s*$"
)
HEADER_WORDS = re.compile(r"\b(saldo|total|pago m[ií]nimo|fecha|data|estado de cuenta|extrato|l[ií]mite)\b", re.I)
NOTE = requests.STATEMENT_NOTE
UNREADABLE = requests.STATEMENT_UNREADABLE


@dataclass(frozen=True)
class StatementLine:
    date: str | None
    merchant: str
    amount: Decimal
    currency: str | None

    def describe(self) -> str:
        return " ".join(p for p in (self.date, self.merchant, f"{self.amount:.2f}", self.currency) if p)


def image_kind(data: bytes) -> str | None:
    """JPEG, PNG or WebP by their magic bytes; anything else is not an image we read."""
    for magic, kind in MAGIC.items():
        if data.startswith(magic):
            return kind
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


def parse_amount(text: str) -> Decimal:
    digits = re.sub(r"\s", "", text)
    whole, cents = digits[:-3], digits[-2:]
    return Decimal(f"{re.sub(r'[.,]', '', whole) or '0'}.{cents}")


def parse_statement(text: str, *, limit: int = 12) -> list[StatementLine]:
    """Lines that look like a charge: a merchant and an amount with cents, maybe a date and a currency."""
    found = []
    for raw in (text or "").splitlines():
        line = re.sub(r"\s+", " ", raw.replace("|", " ")).strip()
        match = LINE.match(line)
        if not match or match.group("sign") or HEADER_WORDS.search(match.group("merchant")):
            continue
        merchant = match.group("merchant").strip(" .:-")
        if len(merchant) < 2:
            continue
        found.append(StatementLine(match.group("date"), merchant, parse_amount(match.group("amount")),
                                   match.group("currency")))  # fmt: skip
    return found[:limit]


def statement_note(lines: list[StatementLine], language: str) -> str:
    language = language if language in NOTE else "es"
    if not lines:
        return UNREADABLE[language]
    return NOTE[language].format(rows="; ".join(line.describe() for line in lines))
