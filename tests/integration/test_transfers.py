"""Money movement on real PostgreSQL: code picks the accounts, checks the rules, and posts once."""

import asyncio
import random
from datetime import timedelta
from decimal import Decimal

import pytest
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.postgres.audit import PgAudit
from quipu.adapters.postgres.connection import connect
from quipu.adapters.postgres.transfers_store import PgTransfers
from quipu.application.caller import Caller
from quipu.application.transfer_ports import UnknownTransfer
from quipu.application.transfers import StepUpRequired, Transfers
from quipu.domain.transfers import Limits

pytestmark = pytest.mark.anyio
VALERIA, RENATA, LUCIA = "DEMO-MX-KHIPU", "DEMO-MX-RECIBE", "DEMO-MX-DUPLICATE"


@pytest.fixture
async def pool(bank_db):
    async with AsyncConnectionPool(bank_db.app, min_size=2, max_size=12, kwargs={"autocommit": True}) as pool:
        yield pool


def money(pool, clock, limits=Limits()) -> Transfers:
    return Transfers(PgTransfers(pool, clock), PgAudit(pool), clock, limits)


def said(customer_id, words, language="es") -> Caller:
    return Caller(customer_id, True, language, said=words)


async def balance(pool, product_id) -> Decimal:
    async with pool.connection() as conn:
        return (
            await (
                await conn.execute("SELECT current_balance FROM core.products WHERE product_id = %s", (product_id,))
            ).fetchone()
        )[0]


async def count(pool, sql, *params) -> int:
    async with pool.connection() as conn:
        return (await (await conn.execute(sql, params)).fetchone())[0]


async def confirm(mm, customer, proposal):
    return await mm.confirm(customer, proposal.confirmation.transfer_id, stepped_up=True)


async def test_between_own_accounts_moves_both_balances_writes_both_movements_and_a_receipt(pool, clock):
    mm = money(pool, clock)
    before = (await balance(pool, f"{VALERIA}-ACC1"), await balance(pool, f"{VALERIA}-ACC2"))
    proposal = await mm.propose_transfer(
        said(VALERIA, "pasa 1000 de mi cuenta de ahorro a la corriente"),
        kind="own_accounts",
        amount="1000",
        from_type="Cuenta Ahorro",
        to_type="Cuenta Corriente",
    )
    assert proposal.status == "proposed" and "confírmalo con el botón" in proposal.confirmation.text.lower()
    assert await balance(pool, f"{VALERIA}-ACC1") == before[0]
    done = await confirm(mm, VALERIA, proposal)
    assert done.status == "executed" and done.json_ready()["new_balance"] == str(before[0] - 1000)
    assert (await balance(pool, f"{VALERIA}-ACC1"), await balance(pool, f"{VALERIA}-ACC2")) == (
        before[0] - 1000,
        before[1] + 1000,
    )
    transfer_id = proposal.confirmation.transfer_id
    assert (
        await count(
            pool,
            "SELECT count(*) FROM core.transactions WHERE transaction_id LIKE %s",
            f"KHP-{transfer_id.replace('-', '')[:20]}-%",
        )
        == 2
    )
    assert await count(pool, "SELECT count(*) FROM ops.outbox WHERE action_id = %s::uuid", transfer_id) == 1
    assert await confirm(mm, VALERIA, proposal) == done


async def test_several_accounts_fit_so_code_asks_which(pool, clock):
    result = await money(pool, clock).propose_transfer(
        said(VALERIA, "transfiere 100"), kind="own_accounts", amount="100"
    )
    assert result.status == "needs_clarification" and result.missing == "origin"
    assert {o.product_type for o in result.options} == {"Cuenta Ahorro", "Cuenta Corriente"}


async def test_an_account_named_by_its_currency_is_the_one_in_that_currency(pool, clock):
    """Renata holds two savings accounts, in pesos and in dollars: "la de pesos" is the first; a currency the words
    never named leaves code asking which."""
    mm = money(pool, clock)

    async def pesos_said_in(words: str):
        return await mm.propose_transfer(
            said(RENATA, words), kind="third_party", amount="100", from_currency="MXN", to_account_number="4000000011"
        )

    named = await pesos_said_in("mándale 100 a la cuenta 4000000011 desde la cuenta en pesos")
    assert named.status == "proposed" and "0033" in named.confirmation.text
    guessed = await pesos_said_in("mándale 100 a la cuenta 4000000011")
    assert guessed.status == "needs_clarification" and guessed.missing == "origin"


async def test_a_last4_the_customer_never_said_is_dropped(pool, clock):
    result = await money(pool, clock).propose_transfer(
        said(VALERIA, "pasa 100 a la otra cuenta"), kind="own_accounts", amount="100", from_last4="0011"
    )
    assert result.status == "needs_clarification"


async def test_pay_debt_reduces_the_card_and_refuses_more_than_owed(pool, clock):
    mm = money(pool, clock)
    card = await balance(pool, f"{VALERIA}-CARD")
    proposal = await mm.propose_transfer(
        said(VALERIA, "paga 500 a mi tarjeta desde ahorro"),
        kind="pay_debt",
        amount="500",
        from_type="Cuenta Ahorro",
        to_type="Tarjeta Crédito",
    )
    assert (await confirm(mm, VALERIA, proposal)).status == "executed"
    assert await balance(pool, f"{VALERIA}-CARD") == card - 500
    over = await mm.propose_transfer(
        said(VALERIA, "paga 99999 a mi tarjeta desde ahorro"),
        kind="pay_debt",
        amount="99999",
        from_type="Cuenta Ahorro",
        to_type="Tarjeta Crédito",
    )
    assert over.status == "blocked" and over.reason in ("over_debt", "insufficient_funds")


async def test_the_one_debt_a_customer_has_is_the_one_paid_when_the_type_named_matches_none(pool, clock):
    """ "abonarle 500 al crédito" (Colombia: the loan) from a customer whose one debt is a card: the card, shown on the
    proposal for the button; with two debts the bank still asks which."""
    mm = money(pool, clock)
    words = "abónale 500 al crédito desde ahorro"
    asked = {"kind": "pay_debt", "amount": "500", "from_type": "Cuenta Ahorro"}
    one = await mm.propose_transfer(said(LUCIA, words), to_type="Préstamo", **asked)
    assert one.status == "proposed" and "tarjeta" in one.confirmation.destination
    two = await mm.propose_transfer(said(VALERIA, words), to_type="Hipoteca", **asked)
    assert two.status != "proposed"


async def test_a_debt_settled_whole_or_by_its_minimum_takes_the_records_figure_and_an_amount_said_wins(pool, clock):
    mm = money(pool, clock)
    owed = await balance(pool, f"{VALERIA}-CARD")
    async with pool.connection() as conn:
        minimum = (
            await (
                await conn.execute(
                    "SELECT minimum_payment FROM core.billing WHERE product_id = %s", (f"{VALERIA}-CARD",)
                )
            ).fetchone()
        )[0]
    asked = {"kind": "pay_debt", "from_type": "Cuenta Ahorro", "to_type": "Tarjeta Crédito"}
    whole = await mm.propose_transfer(said(VALERIA, "liquida la tarjeta desde el ahorro"), settle="whole", **asked)
    least = await mm.propose_transfer(
        said(VALERIA, "paga el minimo de la tarjeta con ahorro"), settle="minimum", **asked
    )
    assert whole.status == least.status == "proposed", least
    assert (whole.confirmation.amount, least.confirmation.amount) == (owed, minimum)
    said_too = await mm.propose_transfer(
        said(VALERIA, "paga 300 de la tarjeta con ahorro"), amount="300", settle="whole", **asked
    )
    assert said_too.confirmation.amount == Decimal("300")
    # only a debt is settled by what it owes: between own accounts the amount is the customer's to say
    own = await mm.propose_transfer(
        said(VALERIA, "pasa todo del ahorro a la corriente"),
        kind="own_accounts",
        settle="whole",
        from_type="Cuenta Ahorro",
    )
    assert own.status == "needs_clarification" and own.missing == "amount"
    # the settling must stand in the customer's own words, as an amount must: never the model's alone
    unsaid = await mm.propose_transfer(said(VALERIA, "paga la tarjeta desde el ahorro"), settle="whole", **asked)
    assert unsaid.status == "needs_clarification" and unsaid.missing == "amount"
    # a correction's words say both ("liquídala… mejor nomás el mínimo"): the one asked now passes
    changed = await mm.propose_transfer(
        said(VALERIA, "liquida la tarjeta con ahorro mejor nomas el minimo"), settle="minimum", **asked
    )
    assert changed.confirmation.amount == minimum
    assert (await confirm(mm, VALERIA, whole)).status == "executed"
    assert await balance(pool, f"{VALERIA}-CARD") == 0


@pytest.mark.parametrize(
    ("amount", "reason", "code"),
    [("0", "invalid_amount", "13"), ("5000000", "insufficient_funds", "51")],
)
async def test_amount_rules(pool, clock, amount, reason, code):
    result = await money(pool, clock).propose_transfer(
        said(VALERIA, f"pasa {amount} de ahorro a corriente"),
        kind="own_accounts",
        amount=amount,
        from_type="Cuenta Ahorro",
        to_type="Cuenta Corriente",
    )
    assert (result.status, result.reason, result.response_code) == ("blocked", reason, code)


async def test_three_decimals_are_asked_about_never_rounded(pool, clock):
    result = await money(pool, clock).propose_transfer(
        said(VALERIA, "pasa 10.001 de ahorro a corriente"),
        kind="own_accounts",
        amount="10.001",
        from_type="Cuenta Ahorro",
        to_type="Cuenta Corriente",
    )
    assert result.status == "needs_clarification" and "10,001.00 MXN" in result.ask


async def test_third_party_by_account_number_shows_only_first_name_and_initial(pool, clock):
    mm = money(pool, clock)
    renata = await balance(pool, f"{RENATA}-ACC1")
    proposal = await mm.propose_transfer(
        said(VALERIA, "envía 200 desde mi ahorro a la cuenta 4000000033"),
        kind="third_party",
        amount="200",
        from_type="Cuenta Ahorro",
        to_account_number="4000000033",
    )
    assert proposal.confirmation.destination == "Renata V."
    assert "3200" not in str(proposal)
    assert (await confirm(mm, VALERIA, proposal)).status == "executed"
    assert await balance(pool, f"{RENATA}-ACC1") == renata + 200


async def test_third_party_by_customer_id_and_the_words_check(pool, clock):
    mm = money(pool, clock)
    ok = await mm.propose_transfer(
        said(VALERIA, "manda 50 de ahorro al cliente DEMO-MX-RECIBE"),
        kind="third_party",
        amount="50",
        from_type="Cuenta Ahorro",
        to_customer_id="DEMO-MX-RECIBE",
    )
    assert ok.status == "proposed"
    unsaid = await mm.propose_transfer(
        said(VALERIA, "manda 50 de ahorro a mi amiga"),
        kind="third_party",
        amount="50",
        from_type="Cuenta Ahorro",
        to_customer_id="DEMO-MX-RECIBE",
    )
    assert unsaid.status == "needs_clarification"


async def test_currency_mismatch_and_limits(pool, clock):
    mm = money(pool, clock)
    usd = await mm.propose_transfer(
        said(VALERIA, "envía 20 de ahorro a la cuenta 4000000044"),
        kind="third_party",
        amount="20",
        from_type="Cuenta Ahorro",
        to_account_number="4000000044",
    )
    assert (usd.reason, usd.response_code) == ("currency_mismatch", "57")
    small_limit = money(pool, clock, Limits(Decimal("100"), Decimal("3000")))
    big = await small_limit.propose_transfer(
        said(VALERIA, "envía 3000 de ahorro a la cuenta 4000000033"),
        kind="third_party",
        amount="3000",
        from_type="Cuenta Ahorro",
        to_account_number="4000000033",
    )
    assert (getattr(big, "reason", None), getattr(big, "response_code", None)) == ("over_operation_limit", "61"), big
    daily = money(pool, clock, Limits(Decimal("1000"), Decimal("15")))
    words = said(RENATA, "envía 250 de mi cuenta 0033 a la cuenta 4000000011")
    args = {"kind": "third_party", "amount": "250", "from_last4": "0033", "to_account_number": "4000000011"}
    first = await daily.propose_transfer(words, **args)
    assert (await confirm(daily, RENATA, first)).status == "executed"
    second = await daily.propose_transfer(words, **args)
    assert second.reason == "over_daily_limit"


async def test_a_service_bill_is_paid_whole_once(pool, clock):
    mm = money(pool, clock)
    proposal = await mm.propose_service_payment(
        said(VALERIA, "paga la luz desde ahorro"), service="luz", from_type="Cuenta Ahorro"
    )
    again = await mm.propose_service_payment(
        said(VALERIA, "paga la luz desde ahorro"), service="luz", from_type="Cuenta Ahorro"
    )
    assert proposal.json_ready()["confirmation"]["amount"] == "845.00"
    assert (await confirm(mm, VALERIA, proposal)).status == "executed"
    late = await confirm(mm, VALERIA, again)
    assert (late.status, late.reason, late.response_code) == ("blocked", "already_paid", "94")
    assert (
        await count(pool, "SELECT count(*) FROM core.service_bills WHERE customer_id = %s AND status = 'paid'", VALERIA)
        == 1
    )


async def test_a_bill_is_named_whatever_its_accents_and_case(pool, clock):
    """ "la factura del telefono" is the bill of "teléfono": the name as folded by the reading finds it."""
    mm = money(pool, clock)
    for service in ("aguas de la ciudad", "AGUA", "Águas de la Ciudad"):
        proposal = await mm.propose_service_payment(said(VALERIA, "paga el agua"), service=service)
        assert proposal.status == "needs_clarification" and proposal.missing == "origin", (service, proposal)


async def test_step_up_is_required(pool, clock):
    mm = money(pool, clock)
    proposal = await mm.propose_transfer(
        said(VALERIA, "pasa 10 de ahorro a corriente"),
        kind="own_accounts",
        amount="10",
        from_type="Cuenta Ahorro",
        to_type="Cuenta Corriente",
    )
    with pytest.raises(StepUpRequired):
        await mm.confirm(VALERIA, proposal.confirmation.transfer_id, stepped_up=False)


async def test_expired_cancelled_and_foreign_transfers_do_not_run(pool, clock):
    mm = money(pool, clock)
    words = said(VALERIA, "pasa 10 de ahorro a corriente")
    args = {"kind": "own_accounts", "amount": "10", "from_type": "Cuenta Ahorro", "to_type": "Cuenta Corriente"}
    late = await mm.propose_transfer(words, **args)
    clock.now += timedelta(minutes=6)
    assert (await confirm(mm, VALERIA, late)).status == "expired"
    cancelled = await mm.propose_transfer(words, **args)
    assert (await mm.cancel(VALERIA, cancelled.confirmation.transfer_id)).status == "cancelled"
    assert (await confirm(mm, VALERIA, cancelled)).status == "cancelled"
    mine = await mm.propose_transfer(words, **args)
    for customer, transfer in (
        (LUCIA, mine.confirmation.transfer_id),
        (VALERIA, "00000000-0000-4000-8000-000000000000"),
    ):
        with pytest.raises(UnknownTransfer):
            await mm.confirm(customer, transfer, stepped_up=True)


async def test_twenty_concurrent_confirms_post_once(pool, clock):
    mm = money(pool, clock)
    proposal = await mm.propose_transfer(
        said(VALERIA, "pasa 7 de ahorro a corriente"),
        kind="own_accounts",
        amount="7",
        from_type="Cuenta Ahorro",
        to_type="Cuenta Corriente",
    )
    before = await balance(pool, f"{VALERIA}-ACC1")
    answers = await asyncio.gather(*(confirm(mm, VALERIA, proposal) for _ in range(20)))
    assert all(a == answers[0] for a in answers) and answers[0].status == "executed"
    assert await balance(pool, f"{VALERIA}-ACC1") == before - 7


async def test_two_transfers_racing_for_one_balance_never_go_negative(pool, clock):
    mm = money(pool, clock)
    available = await balance(pool, f"{VALERIA}-ACC2")
    amount = str((available * Decimal("0.6")).quantize(Decimal("0.01")))
    proposals = [
        await mm.propose_transfer(
            said(VALERIA, f"pasa {amount} de corriente a ahorro"),
            kind="own_accounts",
            amount=amount,
            from_type="Cuenta Corriente",
            to_type="Cuenta Ahorro",
        )
        for _ in range(2)
    ]
    results = await asyncio.gather(*(confirm(mm, VALERIA, p) for p in proposals))
    assert sorted(r.status for r in results) == ["blocked", "executed"]
    assert await balance(pool, f"{VALERIA}-ACC2") >= 0


async def test_a_crash_after_commit_is_answered_from_the_stored_result(pool, clock):
    mm = money(pool, clock)
    proposal = await mm.propose_transfer(
        said(VALERIA, "pasa 3 de ahorro a corriente"),
        kind="own_accounts",
        amount="3",
        from_type="Cuenta Ahorro",
        to_type="Cuenta Corriente",
    )
    before = await balance(pool, f"{VALERIA}-ACC1")

    def crash(result):
        raise ConnectionResetError("the process died before answering")

    with pytest.raises(ConnectionResetError):
        await mm.confirm(VALERIA, proposal.confirmation.transfer_id, stepped_up=True, after_commit=crash)
    retried = await confirm(mm, VALERIA, proposal)
    assert retried.status == "executed" and await balance(pool, f"{VALERIA}-ACC1") == before - 3


SOAK_ACCOUNTS = [
    ("DEMO-MX-KHIPU", "4000000011", "Cuenta Ahorro"),
    ("DEMO-MX-KHIPU", "4000000022", "Cuenta Corriente"),
    ("DEMO-MX-RECIBE", "4000000033", "Cuenta Ahorro"),
    ("DEMO-MX-DUPLICATE", "4000001000", "Cuenta Ahorro"),
    ("DEMO-MX-FX", "4000001002", "Cuenta Ahorro"),
    ("DEMO-MX-OWN-PURCHASE", "4000001005", "Cuenta Ahorro"),
]


async def totals(pool) -> tuple[dict, Decimal]:
    async with pool.connection() as conn:
        rows = await (
            await conn.execute(
                "SELECT currency, sum(current_balance), min(current_balance) FROM core.products "
                "WHERE product_type IN ('Cuenta Ahorro', 'Cuenta Corriente') GROUP BY currency"
            )
        ).fetchall()
    return {r[0]: r[1] for r in rows}, min(r[2] for r in rows)


@pytest.mark.slow
async def test_soak_of_a_thousand_random_transfers_from_eight_workers_keeps_every_currency_whole(pool, clock):
    mm = money(pool, clock, Limits(Decimal("1e9"), Decimal("1e12")))
    before, _ = await totals(pool)
    outcomes: dict[str, int] = {}

    async def worker(seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(125):
            (sender, from_number, _), (receiver, number, _) = rng.sample(SOAK_ACCOUNTS, 2)
            amount = f"{rng.uniform(1, 1500):.2f}"
            words = f"envía {amount} de mi cuenta {from_number[-4:]} a la cuenta {number}"
            if sender == receiver:
                proposal = await mm.propose_transfer(
                    said(sender, words),
                    kind="own_accounts",
                    amount=amount,
                    from_last4=from_number[-4:],
                    to_last4=number[-4:],
                )
            else:
                proposal = await mm.propose_transfer(
                    said(sender, words),
                    kind="third_party",
                    amount=amount,
                    from_last4=from_number[-4:],
                    to_account_number=number,
                )
            status = proposal.status
            if status == "proposed":
                status = (await confirm(mm, sender, proposal)).status
            outcomes[status] = outcomes.get(status, 0) + 1

    await asyncio.gather(*(worker(seed) for seed in range(8)))
    after, lowest = await totals(pool)
    print(outcomes)
    assert sum(outcomes.values()) == 1000 and outcomes.get("executed", 0) > 500
    assert set(outcomes) <= {"executed", "blocked"}
    assert after == before and lowest >= 0


async def test_a_recipient_must_stand_whole_in_the_customers_words(pool, clock):
    clock.advance(days=3)  # a day of its own: the other tests' transfers count against today's limit
    mm = money(pool, clock)
    inside_a_longer_number = await mm.propose_transfer(
        said(VALERIA, "envía 20 desde mi ahorro a la cuenta 14000000033"),
        kind="third_party",
        amount="20",
        from_type="Cuenta Ahorro",
        to_account_number="4000000033",
    )
    assert inside_a_longer_number.status == "needs_clarification"
    inside_a_longer_id = await mm.propose_transfer(
        said(VALERIA, "manda 20 de ahorro al cliente DEMO-MX-RECIBE-2"),
        kind="third_party",
        amount="20",
        from_type="Cuenta Ahorro",
        to_customer_id="DEMO-MX-RECIBE",
    )
    assert inside_a_longer_id.status == "needs_clarification"
    whole = await mm.propose_transfer(
        said(VALERIA, "manda 20 de ahorro al cliente demo-mx-recibe."),
        kind="third_party",
        amount="20",
        from_type="Cuenta Ahorro",
        to_customer_id="DEMO-MX-RECIBE",
    )
    assert whole.status == "proposed"


async def test_confirm_rechecks_the_origin_owner_on_the_locked_row(pool, clock, bank_db):
    mm = money(pool, clock)
    proposal = await mm.propose_transfer(
        said(VALERIA, "pasa 5 de ahorro a corriente"),
        kind="own_accounts",
        amount="5",
        from_type="Cuenta Ahorro",
        to_type="Cuenta Corriente",
    )
    origin = f"{VALERIA}-ACC1"
    before = await balance(pool, origin)
    owner = "UPDATE core.products SET customer_id = %s WHERE product_id = %s"
    with connect(bank_db.admin) as conn:  # the account changes hands between the proposal and the button
        conn.execute(owner, (RENATA, origin))
    try:
        result = await confirm(mm, VALERIA, proposal)
    finally:
        with connect(bank_db.admin) as conn:
            conn.execute(owner, (VALERIA, origin))
    assert (result.status, result.reason) == ("blocked", "origin_unavailable")
    assert await balance(pool, origin) == before
