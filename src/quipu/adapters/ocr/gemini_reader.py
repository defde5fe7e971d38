"""A hosted multimodal model reads the statement photo directly (Gemini); the local OCR stays the fallback.
The rows are hints only: what the customer is told comes from the bank's own records."""

import base64
import json
import logging
from decimal import Decimal, InvalidOperation

import httpx

from quipu.adapters.llm.completions import refuse_in_unit_tests
from quipu.adapters.llm.gemini import BASE
from quipu.domain.statement import StatementLine, image_kind

log = logging.getLogger("quipu.photo")
INSTRUCTION = (
    "This is a photo of a bank statement. List the charges you can read: date as printed, merchant, amount "
    "with its decimals, and the currency code if printed. Do not guess what you cannot read."
)
ROWS = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "date": {"type": "string", "nullable": True},
            "merchant": {"type": "string"},
            "amount": {"type": "string"},
            "currency": {"type": "string", "nullable": True},
        },
        "required": ["merchant", "amount"],
    },
}


class GeminiStatementReader:
    def __init__(
        self,
        *,
        model: str,
        api_key: str,
        fallback,
        transport: httpx.AsyncBaseTransport | None = None,
        allow_calls: bool = True,
    ):
        self.model = model
        self.allow_calls = allow_calls
        self.fallback = fallback
        self.client = httpx.AsyncClient(
            base_url=BASE, timeout=60, transport=transport, headers={"x-goog-api-key": api_key}
        )

    async def read(self, image: bytes) -> list[StatementLine]:
        try:
            return await self._read(image)
        except (httpx.HTTPError, KeyError, ValueError, json.JSONDecodeError) as error:
            log.warning("the hosted model could not read the photo; using the local OCR", exc_info=error)
            return await self.fallback.read(image)

    async def _read(self, image: bytes) -> list[StatementLine]:
        refuse_in_unit_tests("gemini", self.allow_calls)
        response = await self.client.post(
            f"/models/{self.model}:generateContent",
            json={
                "contents": [
                    {
                        "role": "user",
                        "parts": [
                            {"inline_data": {"mime_type": image_kind(image), "data": base64.b64encode(image).decode()}},
                            {"text": INSTRUCTION},
                        ],
                    }
                ],
                "generationConfig": {"temperature": 0, "responseMimeType": "application/json", "responseSchema": ROWS},
            },
        )
        response.raise_for_status()
        rows = json.loads(response.json()["candidates"][0]["content"]["parts"][0]["text"])
        lines = []
        for row in rows[:12]:
            try:
                amount = Decimal(str(row["amount"]).replace(",", ""))
            except InvalidOperation:
                continue
            currency = row.get("currency") if row.get("currency") in ("MXN", "COP", "ARS", "USD", "BRL") else None
            lines.append(StatementLine(row.get("date"), str(row["merchant"])[:80], amount, currency))
        return lines
