"""What may leave the process in a trace: card and account numbers keep their last four digits; e-mails,
names, document numbers and phones go; images are replaced."""

import re
from typing import Any

EMAIL = re.compile(r"[\w.+-]+@[\w-]+(\.[\w-]+)+")
LONG_NUMBER = re.compile(r"(?<![\w.])(\d[\d \-]{6,}\d)(?![\w.])")
PHONE = re.compile(r"\+\d[\d \-]{7,}\d")
IMAGE = re.compile(r"data:image/[a-z]+;base64,[A-Za-z0-9+/=]+")
PERSONAL_KEYS = {
    "first_name",
    "last_name",
    "full_name",
    "email",
    "mobile_phone",
    "document_number",
    "date_of_birth",
    "delivered_to",
    "image",
}


def _last4(match: re.Match[str]) -> str:
    digits = re.sub(r"\D", "", match.group(1))
    return f"****{digits[-4:]}" if len(digits) >= 8 else match.group(0)


def mask_text(text: str, names: tuple[str, ...] = ()) -> str:
    masked = IMAGE.sub("<image>", text)
    masked = EMAIL.sub("<email>", masked)
    masked = PHONE.sub("<phone>", masked)
    masked = LONG_NUMBER.sub(_last4, masked)
    for name in sorted((n for n in names if n and len(n) > 2), key=len, reverse=True):
        masked = re.sub(re.escape(name), "<name>", masked, flags=re.IGNORECASE)
    return masked


def mask(value: Any, names: tuple[str, ...] = ()) -> Any:
    """Masks strings, and the values of personal keys, in any nesting of dicts and lists."""
    if isinstance(value, str):
        return mask_text(value, names)
    if isinstance(value, dict):
        return {k: "<redacted>" if k in PERSONAL_KEYS else mask(v, names) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [mask(v, names) for v in value]
    return value
