"""Which waiting cards words that withdraw withdraw."""

from quipu.application.agent.state import LastRequest
from quipu.application.agent.waiting_cards import cards_of
from quipu.application.tool_results import PendingProposal

CARD = PendingProposal(kind="transfer", id="t-card", summary="500.00 MXN → Tarjeta 4111", skill="money_movement")
WATER = PendingProposal(
    kind="transfer", id="t-water", summary="312.50 MXN → Aguas", skill="money_movement", about="agua"
)
MAIL = PendingProposal(kind="actions", id="b-mail", summary="Enviar un resumen", skill="account_actions")


def test_a_bill_named_that_no_card_pays_withdraws_nothing_whatever_else_waits():
    """ "el internet no, ese lo pago el otro mes" with only the card's payment waiting: nothing is withdrawn."""
    last = LastRequest(skill="account_actions", proposal=MAIL, waiting=(CARD, MAIL))
    assert cards_of(last, "money_movement", ("internet",)) == []
    assert cards_of(last, None, ("internet",)) == []


def test_a_bill_named_withdraws_its_own_card_only():
    last = LastRequest(skill="money_movement", proposal=WATER, waiting=(CARD, WATER))
    assert cards_of(last, "money_movement", ("agua",)) == [WATER]
    assert cards_of(last, "money_movement") == [CARD, WATER]
