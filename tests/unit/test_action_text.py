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
    assert text == "Abrir una aclaración por el cargo de “Uber Trip” por 312.40 MXN del 2026-06-11."
    assert "—" in action_text.describe("block_card", {"product_id": "X"}, {}, "pt")


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
