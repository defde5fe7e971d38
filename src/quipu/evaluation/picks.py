"""Organizer-shaped customers chosen by a query at run time (the first by id that fits), never by a typed id."""

BOUGHT_IN = (
    "EXISTS (SELECT 1 FROM core.transactions t WHERE t.customer_id = c.customer_id AND t.transaction_type = "
    "'Purchase' AND t.transaction_status = 'Approved' AND t.transaction_date >= DATE '{start}' "
    "AND t.transaction_date < DATE '{start}' + interval '1 month')"
)
BOUGHT_IN_MAY_AND_JUNE = [BOUGHT_IN.format(start="2026-05-01"), BOUGHT_IN.format(start="2026-06-01")]


def has_product(kind: str, extra: str = "") -> str:
    return (
        "EXISTS (SELECT 1 FROM core.products p WHERE p.customer_id = c.customer_id AND p.product_status = 'Active' "
        f"AND p.product_type = '{kind}' {extra})"
    )


OPEN_COMPLAINT = (
    "EXISTS (SELECT 1 FROM core.complaints k WHERE k.customer_id = c.customer_id "
    "AND k.status IN ('Open', 'In Process', 'Escalated'))"
)
PICKS = {
    "co_card_open_complaint": ("Colombia", [has_product("Tarjeta Crédito"), OPEN_COMPLAINT]),
    "mx_card_open_complaint": ("México", [has_product("Tarjeta Crédito"), OPEN_COMPLAINT]),
    "ar_card_spender": ("Argentina", [has_product("Tarjeta Crédito"), *BOUGHT_IN_MAY_AND_JUNE]),
    "co_spender": ("Colombia", BOUGHT_IN_MAY_AND_JUNE),
    "mx_spender": ("México", BOUGHT_IN_MAY_AND_JUNE),
    "mx_card_debt": ("México", [has_product("Tarjeta Crédito", "AND p.current_balance > 0")]),
    "ar_loan": ("Argentina", [has_product("Préstamo Personal", "AND p.current_balance > 0")]),
    "co_savings": ("Colombia", [has_product("Cuenta Ahorro")]),
    "mx_two_cards": ("México", [has_product("Tarjeta Crédito"), has_product("Tarjeta Débito")]),
}


def pick(conn, name: str) -> str:
    """The customer a named query chooses; an unknown name or no match is an error, never a guess."""
    if name not in PICKS:
        raise ValueError(f"unknown pick {name}; known: {', '.join(PICKS)}")
    country, conditions = PICKS[name]
    row = conn.execute(
        "SELECT c.customer_id FROM core.customers c WHERE NOT c.is_synthetic_fixture AND c.customer_status = "
        f"'Active' AND c.country = %s AND {' AND '.join(conditions)} ORDER BY c.customer_id LIMIT 1",
        (country,),
    ).fetchone()
    if row is None:
        raise LookupError(f"no customer fits {name}")
    return row[0]
