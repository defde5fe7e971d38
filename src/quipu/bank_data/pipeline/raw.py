"""The organizer-shaped raw source: CSV partitions `table/year=/month=/day=` by process date, with the
defects the organizer announced planted on purpose and counted in `_planted.json`."""

import json
import random
from collections import defaultdict
from datetime import date, datetime, timedelta
from pathlib import Path

from quipu.bank_data.generator import catalog
from quipu.bank_data.generator.organizer import OrganizerCustomer
from quipu.bank_data.generator.rows import FxTable, stable_id
from quipu.bank_data.pipeline.raw_layout import AGENTS, BRANCHES, FIRST_DAY, SCHEMA_CHANGE_DAY, RawWriter

EVENT_TYPES = ("Login", "ViewBalance", "ViewMovements", "Transfer", "PayBill", "Logout")
ORPHAN_CUSTOMER = "CLI-ORPHAN"


def _day(value) -> date:
    return value.date() if isinstance(value, datetime) else value


def generate_raw(root: Path, *, customers: int, seed: int = 2026) -> dict:
    """Same seed and size, same files; returns (and writes) the planted defects."""
    rng = random.Random(f"raw:{seed}")
    fx = FxTable(seed)
    writer = RawWriter(root)
    planted: defaultdict[str, int] = defaultdict(int)
    stamp = datetime(2026, 6, 18, 23, 0)
    for b in range(1, BRANCHES + 1):
        country = catalog.COUNTRY_SHARE[b % 3][0]
        writer.add(
            "branches",
            {
                "branch_id": f"BR-{b:03d}",
                "name": f"Sucursal {b}",
                "city": catalog.CITIES[country][b % 6],
                "country": country,
                "last_updated": stamp,
            },
            FIRST_DAY,
        )
    for a in range(1, AGENTS + 1):
        writer.add(
            "service_agents",
            {
                "agent_id": f"AG-{a:04d}",
                "name": f"Agente {a}",
                "team": ("Soporte", "Ventas", "Reclamos")[a % 3],
                "branch_id": f"BR-{a % BRANCHES + 1:03d}",
                "last_updated": stamp,
            },
            FIRST_DAY,
        )
    for row in fx.rows():
        writer.add("daily_exchange_rates", {**row, "last_updated": stamp}, row["date"])
    for index in range(customers):
        _customer(writer, rng, OrganizerCustomer(seed, index, fx).build(), planted, index)
        if index % 2000 == 1999:
            _late_partitions(writer, rng, planted)
            writer.flush()
    _late_partitions(writer, rng, planted)
    writer.flush()
    (root / "_planted.json").write_text(json.dumps(dict(sorted(planted.items())), indent=2) + "\n")
    return dict(planted)


def _customer(writer: RawWriter, rng: random.Random, bundle: dict, planted: dict, index: int) -> None:
    stamp = datetime(2023, 6, 18, 6, 0)
    for c in bundle["customers"]:
        branch = f"BR-{rng.randint(1, BRANCHES + 20):03d}"
        planted["orphan_registration_branch_id"] += branch > f"BR-{BRANCHES:03d}"
        writer.add("customers", {**c, "registration_branch_id": branch, "last_updated": stamp}, FIRST_DAY)
    for p in bundle["products"]:
        writer.add("products", {**p, "last_updated": stamp}, FIRST_DAY)
    for t in bundle["transactions"]:
        _transaction(writer, rng, t, planted)
    for s in bundle["app_sessions"]:
        _events(writer, rng, s, planted)
    for c in bundle["complaints"]:
        row = {**c, "assigned_agent_id": f"AG-{rng.randint(1, AGENTS):04d}", "last_updated": c["creation_date"]}
        writer.add("complaints", row, _day(c["creation_date"]))
    _contacts(writer, rng, bundle["customers"][0]["customer_id"], index, planted)


def _transaction(writer: RawWriter, rng: random.Random, t: dict, planted: dict) -> None:
    day = _day(t["transaction_date"])
    row = {**t, "last_updated": t["transaction_date"], "merchant_category": t.get("transaction_category")}
    if rng.random() < 0.004:  # an orphan carries no other defect, so each defect is counted once
        row["customer_id"] = f"{ORPHAN_CUSTOMER}-{rng.randrange(10**6)}"
        planted["orphan_customer_transactions"] += 1
    else:
        if rng.random() < 0.003:
            row["product_id"] = f"PRD-MISSING-{rng.randrange(10**6)}"
            planted["orphan_product_id"] += 1
        if t["transaction_country"] == "México" and rng.random() < 0.2:
            row["transaction_country"] = "Mexico"
            planted["normalised_country"] += 1
        if row["transaction_category"] is not None and row["merchant_name"] and rng.random() < 0.05:
            row["transaction_category"] = None
            planted["null_category_with_hint" if day >= SCHEMA_CHANGE_DAY else "null_category_without_hint"] += 1
    writer.add("transactions", row, day)
    roll = rng.random()
    if SCHEMA_CHANGE_DAY - timedelta(days=3) <= day < SCHEMA_CHANGE_DAY:
        roll = 1.0  # a copy must not cross the schema change, or its category hint would differ from the original
    if roll < 0.01:
        writer.add("transactions", dict(row), day + timedelta(days=rng.randint(0, 2)))
        planted["duplicate_transactions_exact"] += 1
    elif roll < 0.02:
        corrected = {
            **row,
            "last_updated": row["last_updated"] + timedelta(hours=6),
            "transaction_status": "Reversed" if row["transaction_status"] == "Approved" else row["transaction_status"],
        }
        writer.add("transactions", corrected, day + timedelta(days=1))
        planted["duplicate_transactions_corrected"] += 1


def _events(writer: RawWriter, rng: random.Random, session: dict, planted: dict) -> None:
    count = max(session["events"] * 3 // 4, 2)  # about 100 events per customer, as in the organizer's data
    step = (session["ended_at"] - session["started_at"]) / count
    for n in range(count):
        kind = "Login" if n == 0 and session["had_login"] else EVENT_TYPES[1 + n % (len(EVENT_TYPES) - 1)]
        customer = session["customer_id"]
        if rng.random() < 0.003:
            customer = f"{ORPHAN_CUSTOMER}-{rng.randrange(10**6)}"
            planted["orphan_customer_digital_events"] += 1
        writer.add(
            "digital_events",
            {
                "event_id": stable_id("EVT-", session["session_id"], n, length=14),
                "session_id": session["session_id"],
                "customer_id": customer,
                "event_time": session["started_at"] + step * n,
                "event_type": kind,
                "channel": session["channel"],
                "platform": session["platform"],
                "ip_country": session["ip_country"],
                "ip_city": session["ip_city"],
                "last_updated": session["started_at"],
            },
            _day(session["started_at"]),
        )


def _contacts(writer: RawWriter, rng: random.Random, customer_id: str, index: int, planted: dict) -> None:
    for n in range(rng.choice((0, 0, 1, 1, 2, 4))):
        when = datetime(2023, 6, 18) + timedelta(minutes=rng.randrange(3 * 365 * 24 * 60))
        interaction = stable_id("INT-", customer_id, n)
        agent = rng.randint(1, AGENTS + 5)
        planted["orphan_agent_id"] += agent > AGENTS
        writer.add(
            "call_center_interactions",
            {
                "interaction_id": interaction,
                "customer_id": customer_id,
                "agent_id": f"AG-{agent:04d}",
                "interaction_date": when,
                "reason": rng.choice(catalog.CONTACT_REASONS),
                "was_escalated": rng.random() < 0.1,
                "duration_seconds": rng.randint(60, 1800),
                "last_updated": when,
            },
            when.date(),
        )
        writer.add(
            "call_transcripts",
            {
                "transcript_id": stable_id("TRN-", interaction),
                "interaction_id": interaction,
                "full_text": "Cliente consulta por {monto}.",
                "detected_intents": "consulta_general",
                "last_updated": when,
            },
            when.date(),
        )
        if rng.random() < 0.4:
            writer.add(
                "satisfaction_surveys",
                {
                    "survey_id": stable_id("SRV-", interaction),
                    "customer_id": customer_id,
                    "interaction_id": interaction,
                    "survey_date": when,
                    "csat": rng.randint(1, 5),
                    "last_updated": when,
                },
                when.date(),
            )


def _clean(row: dict) -> bool:
    """A row with no planted defect of its own, so a late copy adds exactly one counted defect."""
    return (
        not row["customer_id"].startswith(ORPHAN_CUSTOMER)
        and not str(row["product_id"]).startswith("PRD-MISSING")
        and row["transaction_country"] != "Mexico"
        and row["transaction_category"] is not None
        and not row["transaction_id"].endswith("-L")
    )


def _late_partitions(writer: RawWriter, rng: random.Random, planted: dict) -> None:
    """A few partitions hold rows dated well before their process day: data that arrived late."""
    for (table, day), rows in list(writer.parts.items()):
        if table == "transactions" and day.day == 15 and day.month in (3, 9) and rows:
            clean = list({r["transaction_id"]: r for r in rows if _clean(r)}.values())
            for row in clean[: max(1, len(clean) // 10)]:
                late = dict(row)
                late["transaction_id"] = late["transaction_id"] + "-L"
                writer.add("transactions", late, day + timedelta(days=rng.randint(5, 20)))
                planted["late_rows"] += 1
