-- At most one chat turn in flight per customer, seen by every API process: a turn holds its customer's row
-- until it ends (a streamed turn the customer left still holds it), or until hold_until. holder is the key of
-- the process's liveness lock: when that process dies its lock goes, and another process may take the row.
CREATE TABLE IF NOT EXISTS ops.turns_in_flight (
    customer_id text PRIMARY KEY,
    turn_id     uuid NOT NULL,
    started_at  timestamptz NOT NULL,
    hold_until  timestamptz NOT NULL,
    holder      integer NOT NULL
);
GRANT SELECT, INSERT, UPDATE, DELETE ON ops.turns_in_flight TO quipu_app;
