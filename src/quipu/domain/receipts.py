"""The notice in Mensajes after an action is done and read back: code's own sentence, in the customer's language."""

from quipu.domain.texts import by_language, mail

TEXT: dict[str, dict[str, str]] = by_language(mail.RECEIPT)


def action_receipt(done_text: str, headline: str, language: str) -> tuple[str, str]:
    """(subject, body): the subject says what happened ("Comprobante: tarjeta terminada en 4100 bloqueada"), the
    body is the card's own verified sentence."""
    t = TEXT[language if language in TEXT else "es"]
    return t["subject"].format(headline=headline), f"{done_text}\n\n{t['footer']}"
