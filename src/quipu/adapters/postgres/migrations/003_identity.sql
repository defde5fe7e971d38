-- Sign-in: customer credentials, failure counters, per-client rate buckets and step-up codes.

CREATE TABLE IF NOT EXISTS ops.customer_credentials (
    customer_id   text PRIMARY KEY,
    password_hash text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

-- One row per sign-in subject (a customer, an operator, or a hash of an unknown user name), so an
-- unknown user locks exactly like a real one and lockouts reveal nothing.
CREATE TABLE IF NOT EXISTS ops.login_guards (
    subject      text PRIMARY KEY,
    failures     smallint NOT NULL DEFAULT 0 CHECK (failures >= 0),
    locked_until timestamptz,
    updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS ops.rate_limits (
    bucket       text NOT NULL,
    window_start timestamptz NOT NULL,
    hits         integer NOT NULL DEFAULT 0,
    PRIMARY KEY (bucket, window_start)
);

CREATE TABLE IF NOT EXISTS ops.step_up_codes (
    code_id     uuid PRIMARY KEY,
    session_id  uuid NOT NULL REFERENCES ops.sessions (session_id),
    customer_id text NOT NULL,
    code_hash   text NOT NULL,
    tries_left  smallint NOT NULL CHECK (tries_left >= 0),
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz
);
CREATE INDEX IF NOT EXISTS step_up_codes_session_idx ON ops.step_up_codes (session_id, created_at DESC);

GRANT SELECT, INSERT, UPDATE, DELETE ON ops.rate_limits TO quipu_app;
GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA ops TO quipu_app;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ops TO quipu_app;
REVOKE UPDATE, DELETE, TRUNCATE ON ops.decision_log FROM quipu_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA ops GRANT SELECT, INSERT, UPDATE ON TABLES TO quipu_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA ops GRANT USAGE, SELECT ON SEQUENCES TO quipu_app;
