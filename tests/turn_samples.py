"""A turn's typed state as the tests build it: one card, one transfer, the record of a turn that made them, and the
conversation they continue. Shared by the unit tests of the state and the checkpoint's round trip."""

from datetime import UTC, datetime
from decimal import Decimal

from quipu.application.action_view import ActionCard, CardItem
from quipu.application.agent.state import Conversation, Handoff, LastRequest, Said, TurnRecord
from quipu.application.memory import Recalled
from quipu.application.tool_results import PendingProposal
from quipu.application.transfer_results import Confirmation

CARD = ActionCard(
    batch_id="b-1",
    language="es",
    needs_confirmation=True,
    strong=False,
    items=[
        CardItem(
            action_id="a-1",
            action="block_card",
            status="awaiting_confirmation",
            state="por confirmar",
            tone="waiting",
            text="Bloquear tu tarjeta terminada en 9010.",
            reason=None,
        )
    ],
    expires_at="2025-06-11T09:10:00+00:00",
    escalate=[],
    state="awaiting_confirmation",
)
TRANSFER = Confirmation(
    transfer_id="t-1",
    kind="own_accounts",
    amount=Decimal("150.00"),
    currency="MXN",
    origin="Cuenta 1234",
    destination="Cuenta 5678",
    place="Mexico",
    expires_at=datetime(2025, 6, 11, 9, 10, tzinfo=UTC),
    text="Transferir 150.00 MXN",
)
RECORD = TurnRecord(
    skill="account_actions",
    tool_calls=({"tool": "propose_actions", "arguments": {"actions": []}, "result": {"note": "x"}},),
    tools_used=("propose_actions",),
    reply="Te propongo bloquear tu tarjeta.",
    outcome="answered",
    handoff=Handoff(reason="action_escalated", already_open=True),
    actions=CARD,
    confirmations=(TRANSFER,),
    model_calls=2,
    tokens_in=30,
    tokens_out=4,
    quick_replies=("Sí", "No", "Otra", "Más", "Una quinta"),
)
CONVERSATION = Conversation(
    history=(Said(role="user", content="bloquea mi tarjeta"), Said(role="assistant", content="¿Cuál?")),
    awaiting_skill="account_actions",
    last=LastRequest(
        skill="account_actions",
        intent="block_card",
        tool="propose_actions",
        arguments={"actions": [{"action": "block_card"}]},
        text="bloquea mi tarjeta",
        proposal=PendingProposal(kind="actions", id="b-1", summary="Bloquear tu tarjeta"),
    ),
    memory=Recalled(recalled=True, summary="Tu aclaración", notes={"disputes": [{"amount": "312.40"}]}),
)
