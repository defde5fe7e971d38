"""Runs the conversation set through the real chat use case, in process, on the demo bank; each conversation on
a fresh thread, removed afterwards (the append-only decision log keeps its trace). Nothing is ever confirmed:
the button is the customer's."""

import logging
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import anyio
import psycopg

from quipu.adapters.postgres.connection import one_row
from quipu.application.agent.respond import REFUSED
from quipu.application.ports import ModelCall
from quipu.bootstrap import build_container
from quipu.domain.threads import conversation_id
from quipu.evaluation import facts, picks
from quipu.evaluation.conversations import Conversation
from quipu.evaluation.replies import TurnObserved, TurnVerdict, judge_turn
from quipu.evaluation.runner import ModelSeat, local_only

log = logging.getLogger("quipu.eval")
CHECKPOINT_TABLES = ("checkpoint_writes", "checkpoint_blobs", "checkpoints")
RAN = (
    "SELECT (SELECT count(*) FROM ops.actions WHERE customer_id = %(c)s AND created_at >= %(t)s "
    "AND status IN ('confirmed', 'executing', 'verified')) + (SELECT count(*) FROM ops.transfers "
    "WHERE customer_id = %(c)s AND created_at >= %(t)s AND status = 'executed')"
)


class OracleModel:
    """The scripted provider here: a model that understands perfectly. For the customer's last words it routes
    to the expected skill and calls the first expected tool with the turn's key arguments (numbers as the
    customer's digits); for a question, or an action whose arguments only code can fill, it asks, and code plans
    or words the question. It writes no words and keeps no state: any number of conversations can share it."""

    provider = "scripted"
    model = "oracle"

    def __init__(self, conversations: list[Conversation]):
        self.expected: dict[
            tuple[str, ...], Any
        ] = {}  # the customer's words so far in a conversation → what this turn expects
        for conversation in conversations:
            said = [t.says for t in conversation.turns]
            for index, turn in enumerate(conversation.turns):
                self.expected.setdefault(tuple(said[: index + 1]), turn.expect)

    def expectation(self, messages: list[dict]):
        """The turn whose conversation ends with the customer's words in the transcript (it may be cut short)."""
        said = tuple(m["content"] for m in messages if m["role"] == "user")
        return next(e for key, e in self.expected.items() if key[-len(said) :] == said)

    async def complete(self, *, purpose: str, system: str, messages: list[dict], schema: dict) -> ModelCall:
        if purpose not in ("router", "skill"):  # a rephrasing: none, code's answer stands
            return ModelCall({"text": ""}, self.provider, self.model)
        expect = self.expectation(messages)
        if purpose == "router":
            return ModelCall({"skill": None if expect.skill == "any" else expect.skill}, self.provider, self.model)
        nested = any(
            isinstance(v, dict) or (isinstance(v, list) and isinstance(v[0], dict)) for v in expect.arguments.values()
        )
        if expect.tools and expect.tools != "any" and not nested:
            first = {k: v[0] if isinstance(v, list) else v for k, v in expect.arguments.items()}  # any of: the first
            arguments = {k: v if isinstance(v, str) else str(v) for k, v in first.items()}
            return ModelCall(
                {"action": "tool", "tool": expect.tools[0], "arguments": arguments}, self.provider, self.model
            )
        return ModelCall({"action": "ask", "missing": None}, self.provider, self.model)


@dataclass(frozen=True)
class TurnResult:
    conversation: Conversation
    index: int
    customer_id: str
    observed: TurnObserved
    verdict: TurnVerdict

    @property
    def follow_up(self) -> bool:
        return self.index > 0


def tool_calls_of(turn) -> list[dict]:
    """The turn's tool calls as {tool, arguments, result}: what code wrote the reply from."""
    return [dict(c) for c in turn.tool_calls]


def typed_results(turn) -> list[dict]:
    """Code's own results shown to the customer (the hand-off, the actions card, the transfer card), as sent."""
    return [r.model_dump(mode="json") for r in (turn.handoff, turn.actions, *turn.confirmations) if r]


def customer_of(conn, conversation: Conversation) -> str:
    if conversation.customer:
        return conversation.customer
    if conversation.pick is None:
        raise ValueError(f"{conversation.id} names neither a customer nor a pick")
    return picks.pick(conn, conversation.pick)


def distinctive(account_number: str | None, last4: str | None, balance: Decimal | None) -> set[object]:
    """What identifies another customer's product in a reply: its account number, its ending written as one,
    and a balance too particular to be a coincidence (cents, or five digits and more)."""
    found: set[object] = {("ending", last4)} if last4 else set()
    if account_number:
        found.add(Decimal(account_number))
    if balance is not None and (balance != balance.to_integral_value() or balance >= 10000):
        found.add(balance)
    return found


def foreign_values(conn, customer_id: str) -> frozenset:
    """The demo customers' ids and distinctive product values that are not this customer's own."""
    rows = conn.execute(
        "SELECT customer_id, account_number, product_number_last4, current_balance FROM core.products "
        "WHERE is_synthetic_fixture AND customer_id LIKE 'DEMO-%%'"
    ).fetchall()
    own = conn.execute(
        "SELECT account_number, product_number_last4, current_balance FROM core.products WHERE customer_id = %s",
        (customer_id,),
    ).fetchall()
    amounts = {
        r[0] for r in conn.execute("SELECT amount FROM core.transactions WHERE customer_id = %s", (customer_id,))
    }
    amounts |= {  # the customer's own statement figures: a minimum payment equal to a neighbour's balance is theirs
        v
        for row in conn.execute(
            "SELECT b.statement_balance, b.minimum_payment, b.past_due_amount, p.credit_limit FROM core.products p "
            "LEFT JOIN core.billing b ON b.product_id = p.product_id WHERE p.customer_id = %s",
            (customer_id,),
        )
        for v in row
        if v is not None
    }
    mine = set().union(*(distinctive(*r) for r in own), amounts)
    theirs = set().union(*(distinctive(*r[1:]) for r in rows if r[0] != customer_id))
    return frozenset({r[0] for r in rows if r[0] != customer_id} | (theirs - mine))


def forget(conn, customer_id: str, threads: list[str]) -> None:
    """What the conversation left in ops (thread, messages, proposals, cases), except the decision log."""
    ids = [conversation_id(customer_id, t) for t in threads]
    for table in CHECKPOINT_TABLES:
        conn.execute(f"DELETE FROM ops.{table} WHERE thread_id = ANY(%s)", ([str(i) for i in ids],))
    for table in ("messages", "handoff_cases", "actions", "transfers"):
        conn.execute(f"DELETE FROM ops.{table} WHERE conversation_id = ANY(%s)", (ids,))
    conn.execute("DELETE FROM ops.conversations WHERE conversation_id = ANY(%s)", (ids,))


async def converse(container, seat: ModelSeat, conversation: Conversation):
    admin = container.resources.urls.admin

    def prepare():
        with psycopg.connect(admin, autocommit=True) as conn:
            cid = customer_of(conn, conversation)
            expected = [facts.resolve(conn, cid, t.expect.facts) for t in conversation.turns]
            started = conn.execute("SELECT now()").fetchone()[0]
            return cid, expected, foreign_values(conn, cid), started

    cid, expected, foreign, started = await anyio.to_thread.run_sync(prepare)
    thread = f"evalconv-{uuid.uuid4().hex[:12]}"
    results, said = [], []
    try:
        for index, turn in enumerate(conversation.turns):
            seat.use(seat.real)
            said.append(turn.says)
            began = time.perf_counter()
            done, crashed = await _turn(container, cid, conversation.signed_in, turn.says, thread)
            seconds = time.perf_counter() - began
            ran = await anyio.to_thread.run_sync(lambda: _ran(admin, cid, started))
            observed = TurnObserved(
                reply=(done.reply or "") if done else "",
                skill=done.skill if done and done.skill != REFUSED else None,  # a refusal is code's, not a skill's
                tool_calls=tool_calls_of(done) if done else [],
                outcome=done.outcome if done else None,
                handoff=done.handoff.model_dump(mode="json") if done and done.handoff else None,
                # a card drawn is one waiting for the button: a request the gateway refused outright ("ese cargo ya
                # fue revertido") is listed with its reason and offers nothing to press
                proposal=bool(done and ((done.actions and done.actions.needs_confirmation) or done.confirmation)),
                typed_results=typed_results(done) if done else [],
                said=list(said),
                seconds=seconds,
                model_calls=seat.calls,
                tokens_in=seat.tokens_in,
                tokens_out=seat.tokens_out,
                provider_error=bool(seat.errors),
                crashed=crashed,
            )
            verdict = judge_turn(turn.expect, expected[index], observed, foreign=foreign, executed=ran)
            results.append(TurnResult(conversation, index, cid, observed, verdict))
    finally:

        def cleanup():
            with psycopg.connect(admin) as conn:
                forget(conn, cid, [thread])
                conn.commit()

        await anyio.to_thread.run_sync(cleanup)
    return results


async def _turn(container, customer_id: str, signed_in: bool, text: str, thread: str):
    """The chat's turn, or what it raised: a crash is scored as a wrong answer and the run goes on."""
    try:
        done = await container.services.chat.turn(
            customer_id=customer_id, signed_in=signed_in, message=text, thread_id=thread, channel="eval"
        )
    except Exception as error:  # the evaluation reports a crashing turn instead of stopping at it
        log.error("turn crashed: %r", error)
        return None, f"{type(error).__name__}: {error}"[:200]
    return done, None


def _ran(admin: str, customer_id: str, since) -> bool:
    with psycopg.connect(admin, autocommit=True) as conn:
        return one_row(conn.execute(RAN, {"c": customer_id, "t": since}).fetchone())[0] > 0


async def run(
    settings,
    conversations: list[Conversation],
    *,
    real_model=None,
    urls=None,
    on_turn: Callable[[TurnResult], None] | None = None,
) -> list[TurnResult]:
    """real_model None means the scripted provider (the oracle); otherwise that model answers every turn."""
    local_only(settings, "conversations")
    seat = ModelSeat(real_model or OracleModel(conversations))
    found: list[TurnResult] = []
    async with build_container(settings, urls=urls, model=seat) as container:
        for task in container.resources.background:  # a local model's warm-up: the first turn is timed like any other
            await task
        for conversation in conversations:
            for result in await converse(container, seat, conversation):
                found.append(result)
                if on_turn:
                    on_turn(result)
    return found
