"""Confirmation cards and receipts of money movement, written by code in the customer's language."""

from decimal import Decimal
from typing import Any

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


def card_text(summary: dict[str, Any], language: str) -> str:
    """The confirmation card; amounts in the customer's country convention (`15.050,00 COP`)."""
    t, k = TEXT[lang(language)], KIND[lang(language)]
    amount = format_money(Decimal(summary["amount"]), summary["currency"], summary.get("place") or lang(language))
    return t["card"].format(
        kind=k[summary["kind"]], amount=amount, origin=summary["origin"], destination=summary["destination"]
    )


def receipt(summary: dict[str, Any], *, reference: str, when: str, balance: Decimal, language: str) -> tuple[str, str]:
    t, k = TEXT[lang(language)], KIND[lang(language)]
    amount = format_money(Decimal(summary["amount"]), summary["currency"], summary.get("place") or lang(language))
    subject = t["receipt_subject"].format(kind=k[summary["kind"]].lower(), reference=reference)
    body = t["receipt_body"].format(
        kind=k[summary["kind"]],
        amount=amount,
        origin=summary["origin"],
        destination=summary["destination"],
        reference=reference,
        when=when,
        balance=format_money(balance, summary["currency"], summary.get("place") or lang(language)),
    )
    return subject, body
