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
        "es": (
            "{kind}: {amount} desde {origin} hacia {destination}.\nReferencia: {reference}\nFecha y hora: "
            "{when}\nSaldo de la cuenta de origen: {balance}"
        ),
        "pt": (
            "{kind}: {amount} de {origin} para {destination}.\nReferência: {reference}\nData e hora: {when}\nSaldo da "
            "conta de origem: {balance}"
        ),
    },
    "account": {"es": "{kind} terminada en {last4}", "pt": "{kind} final {last4}"},
    "account_masculine": {"es": "{kind} terminado en {last4}", "pt": "{kind} final {last4}"},
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

# Why a transfer was refused (its Blocked reason), said in the skill's reply and on the settled card.
REFUSED = {
    "invalid_amount": {
        "es": "el monto no es válido (debe ser mayor que cero y con hasta dos decimales)",
        "pt": "o valor não é válido (deve ser maior que zero e ter até duas casas decimais)",
    },
    "origin_unavailable": {"es": "la cuenta de origen no está activa", "pt": "a conta de origem não está ativa"},
    "same_account": {
        "es": "el origen y el destino son la misma cuenta",
        "pt": "a origem e o destino são a mesma conta",
    },
    "own_account": {
        "es": "esa cuenta es tuya; usa una transferencia entre tus cuentas",
        "pt": "essa conta é sua; use uma transferência entre suas contas",
    },
    "destination_unavailable": {
        "es": "la cuenta de destino no puede recibir",
        "pt": "a conta de destino não pode receber",
    },
    "nothing_to_pay": {"es": "ese producto no tiene deuda", "pt": "esse produto não tem dívida"},
    "currency_mismatch": {"es": "las cuentas están en monedas distintas", "pt": "as contas estão em moedas diferentes"},
    "insufficient_funds": {
        "es": "no hay saldo suficiente en la cuenta de origen",
        "pt": "não há saldo suficiente na conta de origem",
    },
    "over_debt": {"es": "el monto es mayor que la deuda", "pt": "o valor é maior que a dívida"},
    "limit_unknown": {
        "es": "no pude comprobar el límite de transferencias",
        "pt": "não consegui verificar o limite de transferências",
    },
    "over_operation_limit": {"es": "supera el límite por operación", "pt": "passa do limite por operação"},
    "over_daily_limit": {
        "es": "supera el límite diario de transferencias a terceros",
        "pt": "passa do limite diário de transferências para terceiros",
    },
    "recipient_not_found": {
        "es": "no encontré a esa persona o cuenta de destino",
        "pt": "não encontrei essa pessoa ou conta de destino",
    },
    "no_other_account": {
        "es": "no tienes otra cuenta a la que transferir",
        "pt": "você não tem outra conta para transferir",
    },
    "no_source_account": {
        "es": "no tienes una cuenta activa desde la cual enviar",
        "pt": "você não tem uma conta ativa para enviar",
    },
    "already_paid": {"es": "esa factura ya está pagada", "pt": "essa conta já está paga"},
    "other": {"es": "no cumple las reglas de transferencia", "pt": "não cumpre as regras de transferência"},
}
# What a settled card says when the money did not move (the receipt says it when it did).
SETTLED = {
    "blocked": {"es": "No movimos el dinero: {reason}.", "pt": "Não movimentamos o dinheiro: {reason}."},
    "expired": {
        "es": "La propuesta venció sin confirmación; no movimos dinero.",
        "pt": "A proposta venceu sem confirmação; não movimentamos dinheiro.",
    },
    "cancelled": {
        "es": "Cancelaste la transferencia; no movimos dinero.",
        "pt": "Você cancelou a transferência; não movimentamos dinheiro.",
    },
}
