-- Identity hardening: failed step-up verifications are counted per code (so budgets per session and per
-- customer are sums), a person can clear a customer's step-up lock, sign-in guards remember how many times
-- they locked (the lock of a client that keeps failing grows), and old rate buckets can be purged by time.

ALTER TABLE ops.step_up_codes ADD COLUMN IF NOT EXISTS failures smallint NOT NULL DEFAULT 0 CHECK (failures >= 0);
CREATE INDEX IF NOT EXISTS step_up_codes_customer_idx ON ops.step_up_codes (customer_id, created_at DESC);

-- A person cleared the customer's step-up lock at reset_at: failures before it no longer count.
CREATE TABLE IF NOT EXISTS ops.step_up_resets (
    customer_id text PRIMARY KEY,
    reset_at    timestamptz NOT NULL,
    reset_by    text NOT NULL
);

ALTER TABLE ops.login_guards ADD COLUMN IF NOT EXISTS locks smallint NOT NULL DEFAULT 0 CHECK (locks >= 0);
CREATE INDEX IF NOT EXISTS login_guards_updated_idx ON ops.login_guards (updated_at);
CREATE INDEX IF NOT EXISTS rate_limits_window_idx ON ops.rate_limits (window_start);

GRANT SELECT, INSERT, UPDATE ON ops.step_up_resets TO quipu_app;
GRANT DELETE ON ops.login_guards TO quipu_app;
