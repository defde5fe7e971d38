"""Pure rules of photos and voice: what an image is, which lines are charges, how a reply is read aloud."""

from decimal import Decimal

import pytest

from quipu.domain.speech_text import speakable
from quipu.domain.statement import image_kind, parse_amount, parse_statement, statement_note


@pytest.mark.parametrize(
    ("data", "kind"),
    [
        (b"\xff\xd8\xff\xe0rest", "image/jpeg"),
        (b"\x89PNG\r\n\x1a\nrest", "image/png"),
        (b"RIFF\x00\x00\x00\x00WEBPVP8 ", "image/webp"),
        (b"GIF89a", None),
        (b"%PDF-1.7", None),
        (b"RIFF\x00\x00\x00\x00WAVEfmt ", None),
        (b"", None),
    ],
)
def test_images_are_known_by_their_bytes(data, kind):
    assert image_kind(data) == kind


@pytest.mark.parametrize(
    ("text", "value"),
    [("312.40", "312.40"), ("161,700.00", "161700.00"), ("161.700,00", "161700.00"), ("27,90", "27.90")],
)
def test_amounts_keep_their_cents_whatever_the_separators(text, value):
    assert parse_amount(text) == Decimal(value)


def test_statement_lines_become_candidate_charges_and_headers_do_not():
    text = """Banco Demo quipu
Estado de cuenta · Tarjeta de crédito
Fecha Comercio Importe
11/06/2026 Uber Trip 312.40 MXN
11/06/2026 | Uber Trip | 312.40 MXN
Saldo total 8,100.00 MXN
Pago mínimo 500.00
12/06/2026 iFood 27,90
2026-06-13 Mercado Libre -54,000.00 ARS
"""
    lines = parse_statement(text)
    assert [line.describe() for line in lines] == [
        "11/06/2026 Uber Trip 312.40 MXN",
        "11/06/2026 Uber Trip 312.40 MXN",
        "12/06/2026 iFood 27.90",
    ]


def test_the_note_says_the_reading_can_be_wrong_and_says_when_nothing_was_read():
    lines = parse_statement("11/06/2026 Uber Trip 312.40 MXN")
    assert "puede tener errores" in statement_note(lines, "es") and "Uber Trip 312.40 MXN" in statement_note(
        lines, "es"
    )
    assert "pode ter erros" in statement_note(lines, "pt")
    assert "no se pudo leer" in statement_note([], "es")


@pytest.mark.parametrize(
    ("text", "language", "spoken"),
    [
        ("Dos cargos de **Uber** por 312.40 MXN.", "es", "Dos cargos de Uber por 312 pesos mexicanos con 40 centavos."),
        ("Duas cobranças de 27.90 USD.", "pt", "Duas cobranças de 27 dólares e 90 centavos."),
        ("Saldo: 161,700.00 ARS", "es", "Saldo: 161700 pesos argentinos"),
        ("Tu tarjeta terminada en 4100 quedó lista.", "es", "Tu tarjeta terminada en 4 1 0 0 quedó lista."),
        ("O cartão final 4877", "pt", "O cartão final 4 8 7 7"),
        ("# Resumen\n- [detalle](http://x) `code`", "es", "Resumen detalle code"),
    ],
)
def test_replies_are_read_the_way_a_person_says_them(text, language, spoken):
    assert speakable(text, language) == spoken
