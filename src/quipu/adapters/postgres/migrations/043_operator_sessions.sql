-- An operator's token names a session row, as a customer's does: signing out ends it on the server, and every
-- request re-reads it (before, an operator token stayed good until it expired, whatever the operator did).
CREATE TABLE IF NOT EXISTS ops.operator_sessions (
    session_id  uuid PRIMARY KEY,
    operator_id uuid NOT NULL REFERENCES ops.operators (operator_id),
    issued_at   timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL,
    revoked_at  timestamptz
);
CREATE INDEX IF NOT EXISTS operator_sessions_expiry_idx ON ops.operator_sessions (expires_at);
GRANT SELECT, INSERT, UPDATE ON ops.operator_sessions TO quipu_app;
