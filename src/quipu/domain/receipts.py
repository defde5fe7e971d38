"""The notice in Mensajes after an action is done and read back: code's own sentence, in the customer's language."""

TEXT = {
    "es": {
        "subject": "Comprobante: {state}",
        "footer": "Lo hicimos y lo comprobamos en nuestros registros. Nadie te pedirá claves por este medio.",
    },
    "pt": {
        "subject": "Comprovante: {state}",
        "footer": "Fizemos e conferimos nos nossos registros. Ninguém pedirá senhas por este meio.",
    },
}


def action_receipt(done_text: str, state: str, language: str) -> tuple[str, str]:
    """(subject, body) from the card's own verified sentence and state."""
    t = TEXT[language if language in TEXT else "es"]
    return t["subject"].format(state=state), f"{done_text}\n\n{t['footer']}"
