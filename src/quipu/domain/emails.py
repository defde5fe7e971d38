"""Outgoing mail, written by code from stored figures, in the customer's language. Names stay plain text."""

from datetime import date
from decimal import Decimal
from typing import Any

from quipu.domain.money import format_money

DUE_SOON_DAYS = 5
TEXT = {
    "es": {
        "balances_subject": "Resumen de tus saldos",
        "balances_intro": "Estos son tus saldos al {as_of}:",
        "payment_subject": "Estado de tus pagos",
        "payment_intro": "Estado de tus tarjetas y préstamos al {as_of}:",
        "receipt_subject": "Comprobante de tu aclaración {reference}",
        "receipt_body": "Abrimos la aclaración {reference} por el cargo de {merchant} de {amount}. "
        "Te responderemos en {sla_hours} horas como máximo.",
        "overdue": "vencido",
        "due_soon": "vence pronto",
        "current": "al día",
        "line_product": "- {kind} terminada en {last4}: {amount}",
        "line_debt": "- {kind} terminada en {last4}: pago mínimo {minimum}, vence el {due} ({state})",
        "footer": "Este mensaje lo escribió el sistema con datos de tu banco. Nadie te pedirá claves por correo.",
    },
    "pt": {
        "balances_subject": "Resumo dos seus saldos",
        "balances_intro": "Estes são seus saldos em {as_of}:",
        "payment_subject": "Situação dos seus pagamentos",
        "payment_intro": "Situação dos seus cartões e empréstimos em {as_of}:",
        "receipt_subject": "Comprovante da sua contestação {reference}",
        "receipt_body": "Abrimos a contestação {reference} da cobrança de {merchant} de {amount}. "
        "Responderemos em até {sla_hours} horas.",
        "overdue": "vencido",
        "due_soon": "vence em breve",
        "current": "em dia",
        "line_product": "- {kind} final {last4}: {amount}",
        "line_debt": "- {kind} final {last4}: pagamento mínimo {minimum}, vence em {due} ({state})",
        "footer": "Esta mensagem foi escrita pelo sistema com dados do seu banco. Ninguém pedirá senhas por e-mail.",
    },
}


def _t(language: str) -> dict[str, Any]:
    return TEXT.get(language, TEXT["es"])


def payment_state(past_due: Decimal | None, due: date | None, as_of: date) -> str:
    if (past_due or 0) > Decimal("0.01") or (due is not None and due < as_of):
        return "overdue"
    if due is not None and (due - as_of).days <= DUE_SOON_DAYS:
        return "due_soon"
    return "current"


def balances_email(language: str, products: list[dict[str, Any]], as_of: date) -> tuple[str, str]:
    t = _t(language)
    lines = [t["balances_intro"].format(as_of=as_of.isoformat())]
    lines += [
        t["line_product"].format(
            kind=p["product_type"], last4=p["last4"] or "—", amount=format_money(p["balance"], p["currency"], language)
        )
        for p in products
        if p["balance"] is not None
    ]
    return t["balances_subject"], "\n".join([*lines, "", t["footer"]])


def payment_status_email(language: str, debts: list[dict[str, Any]], as_of: date) -> tuple[str, str]:
    t = _t(language)
    lines = [t["payment_intro"].format(as_of=as_of.isoformat())]
    for d in debts:
        state = payment_state(d.get("past_due_amount"), d.get("due_date"), as_of)
        minimum = format_money(d["minimum_payment"], d["currency"], language) if d.get("minimum_payment") else "—"
        lines.append(
            t["line_debt"].format(
                kind=d["product_type"],
                last4=d["last4"] or "—",
                minimum=minimum,
                due=d["due_date"].isoformat() if d.get("due_date") else "—",
                state=t[state],
            )
        )
    return t["payment_subject"], "\n".join([*lines, "", t["footer"]])


def case_receipt_email(
    language: str, *, reference: str, sla_hours: int, merchant: str | None, amount: Decimal, currency: str
) -> tuple[str, str]:
    t = _t(language)
    body = t["receipt_body"].format(
        reference=reference,
        merchant=merchant or "—",
        sla_hours=sla_hours,
        amount=format_money(amount, currency, language),
    )
    return t["receipt_subject"].format(reference=reference), f"{body}\n\n{t['footer']}"
