"""Confirmation cards and receipts of money movement."""

KIND = {
    "own_accounts": {"es": "Transferencia entre tus cuentas", "pt": "Transferência entre suas contas"},
    "pay_debt": {"es": "Pago de deuda", "pt": "Pagamento de dívida"},
    "third_party": {"es": "Transferencia a otra persona", "pt": "Transferência para outra pessoa"},
    "pay_service": {"es": "Pago de servicio", "pt": "Pagamento de conta"},
}
TRANSFERS = {
    "card": {
        "es": "{kind}: {amount} desde {origin} hacia {destination}.",
        "pt": "{kind}: {amount} de {origin} para {destination}.",
    },
    # said only while the proposal waits for the button: a settled card never says it is about to expire
    "card_waiting": {
        "es": "Confírmalo con el botón; vence en 5 minutos.",
        "pt": "Confirme com o botão; vence em 5 minutos.",
    },
    "receipt_subject": {"es": "Comprobante de {kind} {reference}", "pt": "Comprovante de {kind} {reference}"},
    "receipt_body": {
        "es": "{kind}: {amount} desde {origin} hacia {destination}.\nReferencia: {reference}\nFecha y hora: {when}\nSaldo de la cuenta de origen: {balance}",
        "pt": "{kind}: {amount} de {origin} para {destination}.\nReferência: {reference}\nData e hora: {when}\nSaldo da conta de origem: {balance}",
    },
    "account": {"es": "{kind} terminada en {last4}", "pt": "{kind} final {last4}"},
    "bill": {"es": "{biller} (referencia {reference})", "pt": "{biller} (referência {reference})"},
}
# What a transfer proposal asks when something is missing or ambiguous.
ASK = {
    "origin": {"es": "¿Desde qué cuenta?", "pt": "De qual conta?"},
    "origin_for_bill": {
        "es": "¿Desde qué cuenta pago {bill} de {amount}?",
        "pt": "De qual conta eu pago {bill} de {amount}?",
    },
    "destination": {"es": "¿Hacia cuál?", "pt": "Para qual?"},
    "bill": {"es": "¿Qué servicio pagamos?", "pt": "Qual conta de serviço pagamos?"},
    "amount": {"es": "¿Qué monto?", "pt": "Qual valor?"},
    "which_amount": {"es": "¿Quisiste decir {a} o {b}?", "pt": "Você quis dizer {a} ou {b}?"},
}
