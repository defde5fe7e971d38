"""Outgoing mail and notices: summaries, receipts, verification codes."""

EMAILS = {
    "balances_subject": {"es": "Resumen de tus saldos", "pt": "Resumo dos seus saldos"},
    "balances_intro": {"es": "Estos son tus saldos al {as_of}:", "pt": "Estes são seus saldos em {as_of}:"},
    "payment_subject": {"es": "Estado de tus pagos", "pt": "Situação dos seus pagamentos"},
    "movements_subject": {
        "es": "Tus movimientos de los últimos 30 días",
        "pt": "Suas movimentações dos últimos 30 dias",
    },
    "movements_intro": {
        "es": "Tus movimientos del {start} al {as_of}:",
        "pt": "Suas movimentações de {start} a {as_of}:",
    },
    "line_movement": {"es": "{day}: {merchant} {amount} ({kind})", "pt": "{day}: {merchant} {amount} ({kind})"},
    "no_movements": {"es": "No hay movimientos en esos días.", "pt": "Não há movimentações nesses dias."},
    "payment_intro": {
        "es": "Estado de tus tarjetas y préstamos al {as_of}:",
        "pt": "Situação dos seus cartões e empréstimos em {as_of}:",
    },
    "receipt_subject": {
        "es": "Comprobante de tu aclaración {reference}",
        "pt": "Comprovante da sua contestação {reference}",
    },
    "receipt_body": {
        "es": (
            "Abrimos la aclaración {reference} por el cargo de {merchant} de {amount}. Te responderemos en "
            "{sla_hours} horas como máximo."
        ),
        "pt": (
            "Abrimos a contestação {reference} da cobrança de {merchant} de {amount}. Responderemos em até "
            "{sla_hours} horas."
        ),
    },
    "overdue": {"es": "vencido", "pt": "vencido"},
    "due_soon": {"es": "vence pronto", "pt": "vence em breve"},
    "current": {"es": "al día", "pt": "em dia"},
    "line_product": {"es": "- {kind} terminada en {last4}: {amount}", "pt": "- {kind} final {last4}: {amount}"},
    "line_debt": {
        "es": "- {kind} terminada en {last4}: pago mínimo {minimum}, vence el {due} ({state})",
        "pt": "- {kind} final {last4}: pagamento mínimo {minimum}, vence em {due} ({state})",
    },
    "footer": {
        "es": "Este mensaje lo escribió el sistema con datos de tu banco. Nadie te pedirá claves por correo.",
        "pt": "Esta mensagem foi escrita pelo sistema com dados do seu banco. Ninguém pedirá senhas por e-mail.",
    },
}
RECEIPT = {
    "subject": {"es": "Comprobante: {headline}", "pt": "Comprovante: {headline}"},
    "footer": {
        "es": "Lo hicimos y lo comprobamos en nuestros registros. Nadie te pedirá claves por este medio.",
        "pt": "Fizemos e conferimos nos nossos registros. Ninguém pedirá senhas por este meio.",
    },
}
CODE_MAIL = {
    "es": (
        "Tu código de verificación",
        (
            "Tu código de verificación es {code}. Vence en {minutes} minutos.\nÚsalo solo en quipu. Nadie del banco "
            "te lo pedirá por teléfono ni por chat."
        ),
    ),
    "pt": (
        "Seu código de verificação",
        (
            "Seu código de verificação é {code}. Ele vence em {minutes} minutos.\nUse-o somente no quipu. Ninguém do "
            "banco vai pedi-lo por telefone ou chat."
        ),
    ),
}
# What the outbox keeps (and the customer API shows) when codes are not shown: the code is only in the mail.
CODE_WITHHELD = {
    "es": (
        "Enviamos un código de verificación a {destination}. Vence en {minutes} minutos.\nPor seguridad el código no "
        "se guarda aquí: búscalo en tu correo."
    ),
    "pt": (
        "Enviamos um código de verificação para {destination}. Ele vence em {minutes} minutos.\nPor segurança o "
        "código não fica guardado aqui: procure-o no seu e-mail."
    ),
}
