"""The transfers server: options, bills and proposals; money moves only on the customer's button."""

from collections.abc import Callable
from typing import Annotated, Literal

from pydantic import Field

from quipu.adapters.mcp.surface import PROPOSES, READ_ONLY, Depends, FastMCP, ToolDeps, signed_in, wired
from quipu.application.caller import Caller
from quipu.application.tool_results import published
from quipu.application.transfer_results import ProposalAnswer, ServiceBills, TransferOptions
from quipu.domain.vocabulary import AccountType, Currency, Last4

Kind = Literal["own_accounts", "pay_debt", "third_party"]
Settle = Literal["whole", "minimum"]
Money = Annotated[
    str,
    Field(min_length=1, max_length=20, pattern=r"^[0-9][0-9.,]*$", description="The amount as the customer wrote it."),
]
AccountNumber = Annotated[str, Field(pattern=r"^[0-9]{6,20}$")]
RecipientId = Annotated[
    str,
    Field(
        min_length=3,
        max_length=40,
        pattern=r"^[A-Za-z0-9-]+$",
        description="The recipient's customer id, as the customer wrote it.",
    ),
]
Service = Annotated[str, Field(min_length=2, max_length=40)]


def build(deps: Callable[[], ToolDeps]) -> FastMCP:
    server = FastMCP("transfers", instructions="Proposals only; money moves on the customer's button.")

    @server.tool(annotations=READ_ONLY, output_schema=published(TransferOptions))
    async def list_transfer_options(who: Caller = Depends(signed_in)) -> TransferOptions:
        """The customer's accounts that can send (with balance) and cards or loans that owe (with debt)."""
        return await wired(deps().money, "money").options(who)

    @server.tool(annotations=READ_ONLY, output_schema=published(ServiceBills))
    async def list_service_bills(who: Caller = Depends(signed_in)) -> ServiceBills:
        """Pending service bills, the one due first on top."""
        return await wired(deps().money, "money").bills(who)

    @server.tool(annotations=PROPOSES, output_schema=published(ProposalAnswer, reads=False))
    async def propose_transfer(
        kind: Kind,
        amount: Money | None = None,
        settle: Settle | None = None,
        from_last4: Last4 | None = None,
        to_last4: Last4 | None = None,
        from_type: AccountType | None = None,
        to_type: AccountType | None = None,
        from_currency: Currency | None = None,
        to_currency: Currency | None = None,
        to_account_number: AccountNumber | None = None,
        to_customer_id: RecipientId | None = None,
        who: Caller = Depends(signed_in),
    ) -> ProposalAnswer:
        """Proposes a transfer. own_accounts: between own accounts; pay_debt: to own card or loan;
        third_party: to another customer by account number or customer id (exactly one). pay_debt may name no
        amount and settle "whole" (all the card or loan owes) or "minimum" (its minimum payment): code reads the
        figure from the records. from_currency / to_currency name an account by its currency ("la cuenta de
        dólares"). Returns needs_clarification (ask what it says), blocked (explain the reason) or proposed (a
        card with a button is shown; do not say the money moved)."""
        return await wired(deps().money, "money").propose_transfer(
            who,
            kind=kind,
            amount=amount,
            settle=settle,
            from_last4=from_last4,
            to_last4=to_last4,
            from_type=from_type,
            to_type=to_type,
            to_account_number=to_account_number,
            to_customer_id=to_customer_id,
            from_currency=from_currency,
            to_currency=to_currency,
        )

    @server.tool(annotations=PROPOSES, output_schema=published(ProposalAnswer, reads=False))
    async def propose_service_payment(
        service: Service | None = None,
        from_last4: Last4 | None = None,
        from_type: AccountType | None = None,
        from_currency: Currency | None = None,
        who: Caller = Depends(signed_in),
    ) -> ProposalAnswer:
        """Proposes paying one pending bill whole (luz, agua, teléfono, internet, cable); from_currency names the
        account paying it by its currency ("la cuenta de dólares")."""
        return await wired(deps().money, "money").propose_service_payment(
            who, service=service, from_last4=from_last4, from_type=from_type, from_currency=from_currency
        )

    return server
