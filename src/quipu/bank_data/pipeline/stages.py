"""The pipeline's stages on DuckDB: bronze (CSV partitions to Parquet, union by name, source file kept),
silver (dedup, window, normalisation, orphans, anomalies, counted), contracts, and the core dataset."""

import json
import shutil
from datetime import date, timedelta
from pathlib import Path

import duckdb

from quipu.adapters.postgres.connection import one_row
from quipu.bank_data.pipeline.raw_layout import COLUMNS

HISTORY_DAYS = 365
FRESHNESS_DAYS = 7
KEYS = {
    "customers": ["customer_id"],
    "products": ["product_id"],
    "transactions": ["transaction_id"],
    "digital_events": ["event_id"],
    "call_center_interactions": ["interaction_id"],
    "call_transcripts": ["transcript_id"],
    "complaints": ["complaint_id"],
    "satisfaction_surveys": ["survey_id"],
    "service_agents": ["agent_id"],
    "branches": ["branch_id"],
    "daily_exchange_rates": ["date", "source_currency", "target_currency"],
}
CUSTOMER_CHILDREN = (
    "products",
    "transactions",
    "digital_events",
    "call_center_interactions",
    "complaints",
    "satisfaction_surveys",
)


class ContractViolation(RuntimeError):
    pass


def partitions(source: Path, table: str) -> list[tuple[date, Path]]:
    found = []
    for path in sorted((source / table).glob("year=*/month=*/day=*/part-*.csv")):
        y, m, d = (int(p.split("=")[1]) for p in path.parts[-4:-1])
        found.append((date(y, m, d), path))
    return found


class Pipeline:
    def __init__(self, source: Path, work: Path, *, threads: int = 2, memory_limit: str = "6GB"):
        self.source, self.work = source, work
        self.bronze_dir, self.silver_dir = work / "bronze", work / "silver"
        self.db = duckdb.connect()
        self.db.execute(
            f"SET threads = {threads}; SET memory_limit = '{memory_limit}'; "
            f"SET temp_directory = '{work / 'tmp'}'; SET preserve_insertion_order = false"
        )
        self.quality: dict = {"source": str(source), "tables": {}}

    # --- bronze --------------------------------------------------------------------------------------

    def bronze(self, *, incremental: bool) -> dict[str, int]:
        state = self._state()
        cutoff = (
            date.fromisoformat(state["processed_through"]) - timedelta(days=FRESHNESS_DAYS)
            if incremental and state
            else None
        )
        counts, latest = {}, date.min
        for table in COLUMNS:
            target = self.bronze_dir / table
            chosen = [(d, p) for d, p in partitions(self.source, table) if cutoff is None or d >= cutoff]
            if cutoff is None:
                shutil.rmtree(target, ignore_errors=True)
            target.mkdir(parents=True, exist_ok=True)
            for day, path in chosen:
                out = target / f"{day.isoformat()}.parquet"
                self.db.execute(
                    f"COPY (SELECT *, '{path.relative_to(self.source)}' AS source_file, DATE '{day}' AS process_day "
                    f"FROM read_csv('{path}', header=true, all_varchar=true)) TO '{out}' (FORMAT parquet)"
                )
                latest = max(latest, day)
            counts[table] = len(chosen)
        self._save_state(latest if latest != date.min else None, state)
        return counts

    def _state(self) -> dict | None:
        path = self.work / "_state.json"
        return json.loads(path.read_text()) if path.exists() else None

    def _save_state(self, latest: date | None, state: dict | None) -> None:
        through = max(filter(None, [latest.isoformat() if latest else None, (state or {}).get("processed_through")]))
        (self.work / "_state.json").write_text(json.dumps({"processed_through": through}) + "\n")

    def _bronze(self, table: str) -> str:
        return f"read_parquet('{self.bronze_dir / table}/*.parquet', union_by_name=true)"

    # --- silver --------------------------------------------------------------------------------------

    def silver(self) -> dict:
        self.silver_dir.mkdir(parents=True, exist_ok=True)
        for table in COLUMNS:
            self._dedup(table)
        self._customers()
        latest = self.db.execute("SELECT max(TRY_CAST(transaction_date AS TIMESTAMP)) FROM tx_dedup").fetchone()
        last = one_row(latest)[0]
        start = last - timedelta(days=HISTORY_DAYS)
        self.quality["history_window"] = {
            "days": HISTORY_DAYS,
            "start": start.isoformat(sep=" "),
            "end": last.isoformat(sep=" "),
        }
        for table in CUSTOMER_CHILDREN:
            self._orphans(table)
        self._transactions(start)
        self._window("digital_events", "event_time", start)
        self._soft_orphans()
        self._anomalies()
        for table in COLUMNS:
            self.db.execute(f"COPY {self._final(table)} TO '{self.silver_dir / table}.parquet' (FORMAT parquet)")
            self._note(table, output_rows=self._count(self._final(table)))
        return self.quality

    def _note(self, table: str, **counts) -> None:
        self.quality["tables"].setdefault(table, {}).update(counts)

    def _count(self, relation: str) -> int:
        return one_row(self.db.execute(f"SELECT count(*) FROM {relation}").fetchone())[0]

    def _dedup(self, table: str) -> None:
        short = "tx" if table == "transactions" else table
        keys = ", ".join(KEYS[table])
        self.db.execute(
            f"CREATE OR REPLACE TEMP TABLE {short}_dedup AS SELECT * EXCLUDE (rank_) FROM (SELECT *, row_number() OVER "
            f"(PARTITION BY {keys} ORDER BY last_updated DESC, process_day DESC) AS rank_ FROM {self._bronze(table)}) "
            "WHERE rank_ = 1"
        )
        read = self._count(self._bronze(table))
        self._note(table, input_rows=read, dropped_duplicates=read - self._count(f"{short}_dedup"))

    def _customers(self) -> None:
        self.db.execute("CREATE OR REPLACE TEMP TABLE customers_final AS SELECT * FROM customers_dedup")

    def _orphans(self, table: str) -> None:
        short = "tx" if table == "transactions" else table
        before = self._count(f"{short}_dedup")
        self.db.execute(
            f"CREATE OR REPLACE TEMP TABLE {short}_kept AS SELECT * FROM {short}_dedup "
            "WHERE customer_id IN (SELECT customer_id FROM customers_final)"
        )
        self._note(table, dropped_customer_orphans=before - self._count(f"{short}_kept"))

    def _transactions(self, start) -> None:
        db = self.db
        merchant_has = "merchant_category" in [r[0] for r in db.execute("DESCRIBE tx_kept").fetchall()]
        hint = "merchant_category" if merchant_has else "NULL"
        nulls = self._count("tx_kept WHERE transaction_category IS NULL")
        db.execute(f"""CREATE OR REPLACE TEMP TABLE tx_filled AS
            WITH modes AS (SELECT merchant_name, mode(transaction_category) AS category FROM tx_kept
                           WHERE transaction_category IS NOT NULL AND merchant_name IS NOT NULL GROUP BY 1)
            SELECT t.* REPLACE (
                coalesce(t.transaction_category, {hint}, m.category) AS transaction_category,
                CASE WHEN t.transaction_country = 'Mexico' THEN 'México' ELSE t.transaction_country END
                    AS transaction_country),
                t.transaction_category IS NULL AND {hint} IS NOT NULL AS filled_from_hint,
                t.transaction_category IS NULL AND {hint} IS NULL AND m.category IS NOT NULL AS filled_from_mode,
                t.transaction_country = 'Mexico' AS normalised
            FROM tx_kept t LEFT JOIN modes m USING (merchant_name)""")
        counts = one_row(
            db.execute(
                "SELECT count(*) FILTER (WHERE filled_from_hint), count(*) FILTER (WHERE filled_from_mode), "
                "count(*) FILTER (WHERE normalised) FROM tx_filled"
            ).fetchone()
        )
        self._note(
            "transactions",
            null_category=nulls,
            filled_from_merchant_category=counts[0],
            filled_from_merchant_mode=counts[1],
            normalised_country=counts[2],
        )
        self._window("transactions", "transaction_date", start, relation="tx_filled", short="tx")

    def _window(self, table: str, column: str, start, *, relation: str | None = None, short: str | None = None) -> None:
        short = short or table
        relation = relation or f"{short}_kept"
        before = self._count(relation)
        self.db.execute(
            f"CREATE OR REPLACE TEMP TABLE {short}_final AS SELECT * FROM {relation} "
            f"WHERE TRY_CAST({column} AS TIMESTAMP) >= TIMESTAMP '{start}'"
        )
        self._note(table, dropped_outside_window=before - self._count(f"{short}_final"))

    def _soft_orphans(self) -> None:
        checks = {
            (
                "transactions",
                "orphan_product_id",
            ): "tx_kept WHERE product_id NOT IN (SELECT product_id FROM products_kept)",
            (
                "call_center_interactions",
                "orphan_agent_id",
            ): "call_center_interactions_kept WHERE agent_id NOT IN (SELECT agent_id FROM service_agents_dedup)",
            (
                "complaints",
                "orphan_assigned_agent_id",
            ): "complaints_kept WHERE assigned_agent_id NOT IN (SELECT agent_id FROM service_agents_dedup)",
            (
                "customers",
                "orphan_registration_branch_id",
            ): "customers_final WHERE registration_branch_id NOT IN (SELECT branch_id FROM branches_dedup)",
        }
        for (table, name), relation in checks.items():
            self._note(table, **{name: self._count(relation)})

    def _anomalies(self) -> None:
        self._note(
            "products",
            opened_before_registration=self._count(
                "products_kept p JOIN customers_final c USING (customer_id) WHERE TRY_CAST(p.opening_date AS DATE) < "
                "TRY_CAST(c.registration_date AS DATE)"
            ),
            balance_over_limit=self._count(
                "products_kept WHERE TRY_CAST(current_balance AS DECIMAL(15,2)) > TRY_CAST(credit_limit AS "
                "DECIMAL(15,2))"
            ),
        )
        self._note(
            "transactions",
            after_product_expiration=self._count(
                "tx_final t JOIN products_kept p USING (product_id) WHERE TRY_CAST(t.transaction_date AS TIMESTAMP) > "
                "TRY_CAST(p.expiration_date AS TIMESTAMP)"
            ),
        )

    @staticmethod
    def _final(table: str) -> str:
        if table == "transactions":
            return "(SELECT * EXCLUDE (filled_from_hint, filled_from_mode, normalised) FROM tx_final)"
        if table == "digital_events":
            return "digital_events_final"
        if table == "customers":
            return "customers_final"
        if table in CUSTOMER_CHILDREN:
            return f"{table}_kept"
        return f"{table}_dedup"

    # --- contracts -----------------------------------------------------------------------------------

    def contracts(self) -> list[str]:
        """Declarative checks over silver; the first failure stops the run with a precise message."""
        checked = []
        for table, column, rule, predicate in CONTRACTS:
            relation = f"read_parquet('{self.silver_dir / table}.parquet')"
            bad = one_row(
                self.db.execute(
                    f"SELECT count(*), any_value({column}) FROM {relation} WHERE NOT ({predicate})"
                ).fetchone()
            )
            if bad[0]:
                raise ContractViolation(
                    f"contract {table}.{column} ({rule}) broken by {bad[0]} row(s), e.g. {bad[1]!r}"
                )
            checked.append(f"{table}.{column}: {rule}")
        for table, column in UNIQUE:
            relation = f"read_parquet('{self.silver_dir / table}.parquet')"
            counted = self.db.execute(f"SELECT count(*) - count(DISTINCT {column}) FROM {relation}").fetchone()
            dupes = one_row(counted)[0]
            if dupes:
                raise ContractViolation(f"contract {table}.{column} (unique) broken by {dupes} row(s)")
            checked.append(f"{table}.{column}: unique")
        self.quality["contracts"] = checked
        return checked


CURRENCIES = "('MXN', 'COP', 'ARS', 'USD')"
CONTRACTS = [
    ("transactions", "transaction_id", "not null", "transaction_id IS NOT NULL"),
    ("transactions", "customer_id", "not null", "customer_id IS NOT NULL"),
    ("transactions", "amount", "a positive number", "TRY_CAST(amount AS DECIMAL(15,2)) > 0"),
    ("transactions", "currency", f"in {CURRENCIES}", f"currency IN {CURRENCIES}"),
    (
        "transactions",
        "transaction_status",
        "Approved, Declined, Pending or Reversed",
        "transaction_status IN ('Approved', 'Declined', 'Pending', 'Reversed')",
    ),
    ("customers", "customer_id", "not null", "customer_id IS NOT NULL"),
    ("customers", "country", "México, Colombia or Argentina", "country IN ('México', 'Colombia', 'Argentina')"),
    ("products", "product_id", "not null", "product_id IS NOT NULL"),
    ("products", "customer_id", "not null", "customer_id IS NOT NULL"),
    ("products", "currency", f"in {CURRENCIES}", f"currency IN {CURRENCIES}"),
]
UNIQUE = [("transactions", "transaction_id"), ("customers", "customer_id"), ("products", "product_id")]
