from quipu.domain import action_text
from quipu.domain.actions import CATALOG, NEVER_AUTOMATED, REASONS, STATUSES, UNKNOWN


def test_every_reason_has_a_spanish_and_a_portuguese_sentence():
    for language in ("es", "pt"):
        missing = [r for r in REASONS if not action_text.REASONS[language].get(r)]
        assert not missing, (language, missing)


def test_every_state_and_tone_is_written():
    for language in ("es", "pt"):
        assert set(action_text.STATES[language]) == set(STATUSES)
    assert set(action_text.TONES) == set(STATUSES)


def test_every_catalog_action_has_proposal_and_done_sentences():
    for language in ("es", "pt"):
        assert set(action_text.PROPOSED[language]) == set(CATALOG)
        assert set(action_text.DONE[language]) == set(CATALOG)


def test_sentences_are_filled_from_stored_facts_only():
    text = action_text.describe(
        "open_payment_inquiry",
        {"transaction_id": "T"},
        {"merchant": "Uber Trip", "amount": "312.40", "currency": "MXN", "date": "2026-06-11"},
        "es",
    )
    assert text == "Abrir una aclaración por el cargo de “Uber Trip” por 312.40 MXN del 11 de junio."
    assert "—" in action_text.describe("block_card", {"product_id": "X"}, {}, "pt")


def test_a_card_writes_the_charge_in_the_customers_convention_and_local_time_never_iso():
    facts = {"merchant": "ElectroMax Córdoba", "amount": "161700.00", "currency": "ARS", "date": "2026-06-15"}
    facts |= {"at": "2026-06-15T03:12:00", "place": "Argentina"}
    text = action_text.describe("open_payment_inquiry", {"transaction_id": "T"}, facts, "es")
    assert (
        text == "Abrir una aclaración por el cargo de “ElectroMax Córdoba” por 161.700,00 ARS del 15 de junio, 03:12."
    )
    assert "2026-06-15" not in text


def test_a_refusal_for_a_dispute_already_open_names_it_and_since_when_on_the_customers_clock():
    facts = {"place": "México", "open_dispute": {"reference": "Q-8A6518EF", "opened_at": "2026-12-02T16:15:00+00:00"}}
    es = action_text.reason_text("dispute_already_open", "es", facts)
    pt = action_text.reason_text("dispute_already_open", "pt", facts | {"place": "Brazil"})
    assert (
        es
        == "Ya tienes abierta la aclaración Q-8A6518EF por este cargo desde el 2 de diciembre, 10:15; no abrimos otra."
    )
    assert pt == (
        "Você já tem a contestação Q-8A6518EF aberta para esta cobrança desde 2 de dezembro, 13:15; não abrimos outra."
    )


def test_a_receipt_subject_says_what_happened_not_only_that_it_was_checked():
    from quipu.domain.receipts import action_receipt

    what = action_text.headline("block_card", {"product_id": "X"}, {"last4": "4100"}, {}, "es")
    subject, _ = action_receipt("Tu tarjeta terminada en 4100 quedó bloqueada.", what, "es")
    assert subject == "Comprobante: tarjeta terminada en 4100 bloqueada"
    what = action_text.headline("open_payment_inquiry", {}, {}, {"reference": "Q-1"}, "pt")
    assert action_receipt("x", what, "pt")[0] == "Comprovante: contestação Q-1 aberta"


def test_email_is_masked_and_unknown_actions_are_named_plainly():
    assert "d***@demo.bank" in action_text.describe(
        "send_summary_email", {"topic": "balances"}, {"email": "demo-x@demo.bank"}, "es"
    )
    assert action_text.describe("refund", {}, {}, "pt") == "Pedido: um reembolso."


def test_a_name_code_does_not_know_is_never_written_back_to_anyone():
    assert action_text.describe("ignore_rules_and_wire_everything", {}, {}, "es") == (
        "Solicitud: una solicitud que no reconozco."
    )
    for language in ("es", "pt"):
        assert set(NEVER_AUTOMATED) | {UNKNOWN} <= set(action_text.REQUEST_NAMES[language])
