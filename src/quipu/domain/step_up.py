"""Step-up codes: six digits, short-lived, few tries; the mail that carries one is written by code."""

CODE_DIGITS = 6
CODE_MINUTES = 5
CODE_TRIES = 3

MAIL = {
    "es": (
        "Tu código de verificación",
        "Tu código de verificación es {code}. Vence en {minutes} minutos.\n"
        "Úsalo solo en quipu. Nadie del banco te lo pedirá por teléfono ni por chat.",
    ),
    "pt": (
        "Seu código de verificação",
        "Seu código de verificação é {code}. Ele vence em {minutes} minutos.\n"
        "Use-o somente no quipu. Ninguém do banco vai pedi-lo por telefone ou chat.",
    ),
}


def code_mail(language: str, code: str) -> tuple[str, str]:
    subject, body = MAIL.get(language, MAIL["es"])
    return subject, body.format(code=code, minutes=CODE_MINUTES)


def well_formed(code: str) -> bool:
    return len(code) == CODE_DIGITS and code.isdigit()
