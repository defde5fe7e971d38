"""What keeps the customer safe, asked outright in the very words a scam warning answers, is prepared beside the
warning (set 31's mirror: "Bloqueá mi tarjeta 4766, se la entregué con el PIN a una desconocida" was only warned)."""

import pytest
from reading_support import CATALOG, learned_reader
from test_readings import CUSTOMERS, SIGNED_IN, _context

from quipu.application.understanding.router import Conversation, route
from quipu.domain.reading.reader import read


@pytest.mark.parametrize(
    ("says", "customer"),
    [
        ("bloquéame la tarjeta de crédito, se la presté con todo y NIP a un desconocido", "valeria"),
        ("congelá la tarjeta ya, le pasé el código de seguridad a uno que dijo ser del banco", "sofia"),
        ("bloqueame la de crédito, cargué el número y el código de seguridad en um formulario falso", "valeria"),
        # what the customer did, told past the command, leaves the command asked (set 34's mirror, in Portuguese)
        ("trava meu cartão agora, mandei foto dele frente e verso pra um cara que se dizia do banco", "ana"),
        ("bloqueia meu cartão, passei a senha e o código pra um cara que disse ser do banco", "ana"),
        ("bloquéenme la tarjeta porfa, le dicté el código de seguridad a uno que llamó del banco", "valeria"),
    ],
)
def test_the_block_asked_beside_a_scam_is_prepared_with_the_warning(says: str, customer: str):
    reading = read(says, _context({"says": says, "customer": customer}), learned_reader())
    steps = [(c.step.value, c.intent) for c in route(reading, Conversation(True, SIGNED_IN), CATALOG)]
    assert ("scam", None) in steps and ("answer", "block_card") in steps, steps


def test_a_block_someone_else_told_the_customer_to_ask_is_only_warned():
    reading = read(
        "me llamó uno del banco y me dijo que bloquee la tarjeta y le dé el código",
        CUSTOMERS["valeria"],
        learned_reader(),
    )
    steps = [(c.step.value, c.intent) for c in route(reading, Conversation(True, SIGNED_IN), CATALOG)]
    assert ("answer", "block_card") not in steps, steps
