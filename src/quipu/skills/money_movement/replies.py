"""Money movement's replies: the cards prepared (each with its question or its reason, in order), the pending bills
listed, the accounts and debts offered; never a "no" for a lookup that failed."""

from collections.abc import Sequence

from quipu.application.results import Result
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.skills.voice import Voice
from quipu.application.transfer_results import (
    AccountOption,
    BillLine,
    BillOption,
    Clarification,
    DebtOption,
    Proposed,
    Refusal,
    ServiceBills,
    TransferOptions,
)
from quipu.domain.transfer_text import refusal_reason


def _account(voice: Voice, option: AccountOption | DebtOption) -> str:
    return voice.product(option.product_type, option.last4)


def _option(voice: Voice, o: AccountOption | DebtOption | BillOption) -> str:
    if isinstance(o, BillOption):  # a bill offered by its service and amount
        return voice.say("bill_choice", service=o.service, amount=voice.money(o.amount, o.currency))
    if isinstance(o, DebtOption) and o.debt is not None:
        return voice.say("debt_option", account=_account(voice, o), debt=voice.money(o.debt, o.currency))
    if isinstance(o, AccountOption) and o.balance is not None:
        return voice.say("account_option", account=_account(voice, o), balance=voice.money(o.balance, o.currency))
    return _account(voice, o)  # its figure unknown: the product alone


def _options(voice: Voice, options: Sequence[AccountOption | DebtOption | BillOption]) -> str:
    return voice.lines([_option(voice, o) for o in options])


def _bill(voice: Voice, bill: BillLine) -> str:
    return voice.say(
        "bill_option",
        service=bill.service,
        biller=bill.biller,
        amount=voice.money(bill.amount, bill.currency),
        due=voice.date(bill.due_date),
    )


def _proposals(voice: Voice, results: Sequence[Clarification | Refusal | Proposed]) -> str:
    """Each bill asked for gets its card, its question or its reason, in order ("paga la luz y el agua"); the
    button's note is said once, after the cards."""
    cards = [r.confirmation.text for r in results if isinstance(r, Proposed)]
    said = [voice.say("proposed", card="\n".join(cards))] if cards else []
    for result in results:
        if isinstance(result, Clarification):
            said.append(voice.say("clarify", ask=result.ask, options=_options(voice, result.options)))
        elif isinstance(result, Refusal):
            said.append(voice.say("blocked", reason=refusal_reason(result.reason, voice.language)))
    return "\n".join(said)


def _bills_listed(voice: Voice, result: ServiceBills) -> str:
    if not result.bills:
        return voice.say("no_bills")
    return voice.say("bills", bills=voice.lines([_bill(voice, b) for b in result.bills]))


def _transfer_options(voice: Voice, result: TransferOptions) -> str:
    accounts, debts = _options(voice, result.accounts), _options(voice, result.debts)
    return voice.say("options", accounts=accounts, debts=voice.say("debts_heading", debts=debts) if debts else "")


def answer(outcomes: list[ToolOutcome[Result]], voice: Voice) -> str:
    result = outcomes[-1].result
    if isinstance(result, Clarification | Refusal | Proposed):
        asked = [o.result for o in outcomes if isinstance(o.result, Clarification | Refusal | Proposed)]
        return _proposals(voice, asked)
    if isinstance(result, ServiceBills):
        return _bills_listed(voice, result)
    if isinstance(result, TransferOptions):
        return _transfer_options(voice, result)
    return voice.say("unavailable")  # a failed lookup or a refusal: never a "no"
