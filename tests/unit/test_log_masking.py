"""What a log line must not keep: a step-up code even at the end of a sentence, and secrets written as key=value
or as a dict's quoted key (the review found both passing)."""

import pytest

from quipu.adapters.logs import masked


@pytest.mark.parametrize(
    "line",
    [
        "Tu código es 123456.",
        "Seu código é 654321.",
        "código:123456, vence en 5 minutos",
        "code (123456)",
    ],
)
def test_a_step_up_code_is_masked_even_where_a_sentence_ends_after_it(line):
    assert "<code>" in masked(line) and "123456" not in masked(line) and "654321" not in masked(line)


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        ("password=hunter2 user=ana", "user=ana"),
        ("QUIPU_JWT_SECRET=supersecretvalue0123456789", "QUIPU_JWT_SECRET="),
        ("api_key=abc123&page=2", "&page=2"),
        ('{"token": "abc.def", "n": 1}', '"n": 1'),
        ("{'client_secret': 'zzz'}", "client_secret"),
        ('smtp_password = "a b c" sent', "sent"),
    ],
)
def test_a_secret_written_as_key_and_value_keeps_its_key_and_loses_its_value(line, kept):
    out = masked(line)
    assert "<secret>" in out and kept in out
    assert not any(value in out for value in ("hunter2", "supersecretvalue", "abc123", "abc.def", "zzz", "a b c"))


@pytest.mark.parametrize(
    "line",
    [
        "amount 123456.78 MXN",
        "took 10:123456",
        "order of 2026-06-11",
        "error invalid_token on /api/me",
        "token_expired",
    ],
)
def test_what_an_engineer_needs_is_kept(line):
    assert masked(line) == line
