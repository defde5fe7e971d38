"""The bank's vocabularies said in the customer's language: product types, statuses, categories."""

WORDS = {
    "es": {
        "Cuenta Ahorro": "cuenta de ahorro",
        "Cuenta Corriente": "cuenta corriente",
        "Tarjeta Crédito": "tarjeta de crédito",
        "Tarjeta Débito": "tarjeta de débito",
        "Préstamo Personal": "préstamo personal",
        "Préstamo Hipotecario": "préstamo hipotecario",
        "Inversión": "inversión",
        "Seguro": "seguro",
        "Active": "activa",
        "Blocked": "bloqueada",
        "Cancelled": "cancelada",
        "Closed": "cerrada",
        "Suspended": "suspendida",
        "Approved": "aprobado",
        "Declined": "rechazado",
        "Pending": "pendiente",
        "Reversed": "revertido",
        "Food": "comida",
        "Transport": "transporte",
        "Services": "servicios",
        "Entertainment": "entretenimiento",
        "Health": "salud",
        "Other": "otros",
        "Uncategorized": "sin categoría",
        "Purchase": "compra",
        "Payment": "pago",
        "Transfer": "transferencia",
        "Deposit": "depósito",
        "Withdrawal": "retiro",
        "Adjustment": "ajuste",
        "Open": "abierta",
        "In Process": "en proceso",
        "Escalated": "escalada",
        "Resolved": "resuelta",
        "Rejected": "rechazada",
    },
    "pt": {
        "Cuenta Ahorro": "conta poupança",
        "Cuenta Corriente": "conta corrente",
        "Tarjeta Crédito": "cartão de crédito",
        "Tarjeta Débito": "cartão de débito",
        "Préstamo Personal": "empréstimo pessoal",
        "Préstamo Hipotecario": "financiamento imobiliário",
        "Inversión": "investimento",
        "Seguro": "seguro",
        "Active": "ativo",
        "Blocked": "bloqueado",
        "Cancelled": "cancelado",
        "Closed": "encerrado",
        "Suspended": "suspenso",
        "Approved": "aprovada",
        "Declined": "recusada",
        "Pending": "pendente",
        "Reversed": "estornada",
        "Food": "alimentação",
        "Transport": "transporte",
        "Services": "serviços",
        "Entertainment": "entretenimento",
        "Health": "saúde",
        "Other": "outros",
        "Uncategorized": "sem categoria",
        "Purchase": "compra",
        "Payment": "pagamento",
        "Transfer": "transferência",
        "Deposit": "depósito",
        "Withdrawal": "saque",
        "Adjustment": "ajuste",
        "Open": "aberta",
        "In Process": "em andamento",
        "Escalated": "escalada",
        "Resolved": "resolvida",
        "Rejected": "rejeitada",
    },
}
AND = {"es": " y ", "pt": " e "}


def word(value: str | None, language: str) -> str:
    """The customer's word for a value of the records; an unknown value is shown as the records write it."""
    return WORDS.get(language, WORDS["es"]).get(value or "", value or "")


def listing(parts: list[str], language: str) -> str:
    """`a, b y c` / `a, b e c`."""
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + AND.get(language, AND["es"]) + parts[-1]
