"""Confirmation cards and receipts of money movement, written by code in the customer's language."""

from decimal import Decimal

from quipu.domain.money import format_money

KIND = {
    "es": {
        "own_accounts": "Transferencia entre tus cuentas",
        "pay_debt": "Pago de deuda",
        "third_party": "Transferencia a otra persona",
        "pay_service": "Pago de servicio",
    },
    "pt": {
        "own_accounts": "Transferência entre suas contas",
        "pay_debt": "Pagamento de dívida",
        "third_party": "Transferência para outra pessoa",
        "pay_service": "Pagamento de conta",
    },
}
TEXT = {
    "es": {
        "card": "{kind}: {amount} desde {origin} hacia {destination}. Confírmalo con el botón; vence en 5 minutos.",
        "receipt_subject": "Comprobante de {kind} {reference}",
        "receipt_body": "{kind}: {amount} desde {origin} hacia {destination}.\nReferencia: {reference}\n"
        "Fecha (UTC): {when}\nSaldo de la cuenta de origen: {balance}",
        "account": "{kind} terminada en {last4}",
        "bill": "{biller} (referencia {reference})",
    },
    "pt": {
        "card": "{kind}: {amount} de {origin} para {destination}. Confirme com o botão; vence em 5 minutos.",
        "receipt_subject": "Comprovante de {kind} {reference}",
        "receipt_body": "{kind}: {amount} de {origin} para {destination}.\nReferência: {reference}\n"
        "Data (UTC): {when}\nSaldo da conta de origem: {balance}",
        "account": "{kind} final {last4}",
        "bill": "{biller} (referência {reference})",
    },
}


def lang(language: str | None) -> str:
    return language if language in TEXT else "es"


def account_label(product_type: str, last4: str | None, language: str) -> str:
    return TEXT[lang(language)]["account"].format(kind=product_type, last4=last4 or "—")


def bill_label(biller: str, reference: str, language: str) -> str:
    return TEXT[lang(language)]["bill"].format(biller=biller, reference=reference)


def card_text(summary: dict, language: str) -> str:
    t, k = TEXT[lang(language)], KIND[lang(language)]
    amount = format_money(Decimal(summary["amount"]), summary["currency"], lang(language))
    return t["card"].format(
        kind=k[summary["kind"]], amount=amount, origin=summary["origin"], destination=summary["destination"]
    )


def receipt(summary: dict, *, reference: str, when: str, balance: Decimal, language: str) -> tuple[str, str]:
    t, k = TEXT[lang(language)], KIND[lang(language)]
    amount = format_money(Decimal(summary["amount"]), summary["currency"], lang(language))
    subject = t["receipt_subject"].format(kind=k[summary["kind"]].lower(), reference=reference)
    body = t["receipt_body"].format(
        kind=k[summary["kind"]],
        amount=amount,
        origin=summary["origin"],
        destination=summary["destination"],
        reference=reference,
        when=when,
        balance=format_money(balance, summary["currency"], lang(language)),
    )
    return subject, body


OUTCOME = {
    "es": {
        "expired": "La propuesta venció sin confirmación; no movimos dinero.",
        "cancelled": "Cancelaste la transferencia; no movimos dinero.",
        "blocked": "No movimos el dinero: {reason}",
    },
    "pt": {
        "expired": "A proposta venceu sem confirmação; não movimentamos dinheiro.",
        "cancelled": "Você cancelou a transferência; não movimentamos dinheiro.",
        "blocked": "Não movimentamos o dinheiro: {reason}",
    },
}
BLOCKED_REASON = {
    "es": {
        "invalid_amount": "el monto no es válido.",
        "origin_unavailable": "la cuenta de origen no está disponible.",
        "same_account": "el origen y el destino son la misma cuenta.",
        "own_account": "esa cuenta es tuya; usa una transferencia entre tus cuentas.",
        "destination_unavailable": "la cuenta de destino no está disponible.",
        "nothing_to_pay": "no hay deuda que pagar.",
        "currency_mismatch": "las cuentas tienen monedas distintas.",
        "insufficient_funds": "el saldo no alcanza.",
        "over_debt": "el monto supera la deuda.",
        "limit_unknown": "no pudimos calcular el límite en dólares.",
        "over_operation_limit": "supera el límite por operación.",
        "over_daily_limit": "supera el límite diario.",
        "recipient_not_found": "no encontramos a quien recibe.",
        "no_other_account": "no tienes otra cuenta que pueda recibir.",
        "no_source_account": "no tienes una cuenta desde la que enviar.",
        "already_paid": "esa cuenta de servicio ya está pagada.",
    },
    "pt": {
        "invalid_amount": "o valor não é válido.",
        "origin_unavailable": "a conta de origem não está disponível.",
        "same_account": "a origem e o destino são a mesma conta.",
        "own_account": "essa conta é sua; use uma transferência entre suas contas.",
        "destination_unavailable": "a conta de destino não está disponível.",
        "nothing_to_pay": "não há dívida a pagar.",
        "currency_mismatch": "as contas têm moedas diferentes.",
        "insufficient_funds": "o saldo não é suficiente.",
        "over_debt": "o valor é maior que a dívida.",
        "limit_unknown": "não conseguimos calcular o limite em dólares.",
        "over_operation_limit": "passa do limite por operação.",
        "over_daily_limit": "passa do limite diário.",
        "recipient_not_found": "não encontramos quem recebe.",
        "no_other_account": "você não tem outra conta que possa receber.",
        "no_source_account": "você não tem uma conta de onde enviar.",
        "already_paid": "essa conta de serviço já está paga.",
    },
}


def outcome_text(status: str, reason: str | None, language: str) -> str | None:
    """The sentence under a transfer card once it is settled; the receipt itself says what moved."""
    template = OUTCOME[lang(language)].get(status)
    if template is None:
        return None
    fallback = BLOCKED_REASON[lang(language)]["destination_unavailable"]
    return template.format(reason=BLOCKED_REASON[lang(language)].get(reason or "", fallback))
