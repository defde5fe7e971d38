-- Everything the agent writes. No load ever truncates or reloads these tables, and none of them
-- holds a foreign key into core, so a core swap never touches ops.

CREATE TABLE IF NOT EXISTS ops.core_builds (
    build_id    bigserial PRIMARY KEY,
    built_at    timestamptz NOT NULL DEFAULT now(),
    source      text NOT NULL,
    fingerprint text NOT NULL,
    row_counts  jsonb NOT NULL
);

CREATE TABLE IF NOT EXISTS ops.operators (
    operator_id   uuid PRIMARY KEY,
    username      text NOT NULL UNIQUE CHECK (username ~ '^[a-z0-9._-]{3,64}$'),
    display_name  text NOT NULL,
    role          text NOT NULL CHECK (role IN ('operator', 'supervisor')),
    password_hash text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    disabled_at   timestamptz
);

CREATE TABLE IF NOT EXISTS ops.sessions (
    session_id  uuid PRIMARY KEY,
    customer_id text NOT NULL,
    issued_at   timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    step_up_at  timestamptz,
    revoked_at  timestamptz,
    CHECK (expires_at > issued_at)
);
CREATE INDEX IF NOT EXISTS sessions_customer_idx ON ops.sessions (customer_id, issued_at DESC);

CREATE TABLE IF NOT EXISTS ops.conversations (
    conversation_id uuid PRIMARY KEY,
    customer_id     text NOT NULL,
    thread_id       text NOT NULL CHECK (length(thread_id) BETWEEN 1 AND 64),
    channel         text NOT NULL DEFAULT 'web' CHECK (channel IN ('web', 'api', 'mcp', 'eval')),
    language        text NOT NULL DEFAULT 'es' CHECK (language IN ('es', 'pt')),
    status          text NOT NULL DEFAULT 'bot' CHECK (status IN ('bot', 'waiting', 'human')),
    title           text CHECK (length(title) <= 80),
    skill           text,
    outcome         text CHECK (outcome IN ('answered', 'proposed', 'done', 'cancelled', 'refused', 'handed_off')),
    started_at      timestamptz NOT NULL DEFAULT now(),
    last_message_at timestamptz NOT NULL DEFAULT now(),
    hidden_at       timestamptz,
    UNIQUE (customer_id, thread_id)
);
CREATE INDEX IF NOT EXISTS conversations_customer_recent_idx
    ON ops.conversations (customer_id, last_message_at DESC);
CREATE INDEX IF NOT EXISTS conversations_visible_idx
    ON ops.conversations (customer_id, last_message_at DESC) WHERE hidden_at IS NULL;
CREATE INDEX IF NOT EXISTS conversations_queue_idx
    ON ops.conversations (status, last_message_at DESC);

CREATE TABLE IF NOT EXISTS ops.messages (
    message_id      bigserial PRIMARY KEY,
    conversation_id uuid NOT NULL REFERENCES ops.conversations (conversation_id),
    role            text NOT NULL CHECK (role IN ('customer', 'assistant', 'operator', 'system')),
    content         text NOT NULL CHECK (length(content) <= 4000),
    skill           text,
    operator_id     uuid REFERENCES ops.operators (operator_id),
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS messages_conversation_idx ON ops.messages (conversation_id, message_id);

CREATE TABLE IF NOT EXISTS ops.decision_log (
    log_id          bigserial PRIMARY KEY,
    conversation_id uuid,
    customer_id     text,
    tool            text NOT NULL,
    proposed        jsonb NOT NULL DEFAULT '{}'::jsonb,
    policy_decision text CHECK (policy_decision IN ('allowed', 'blocked', 'needs_confirmation', 'escalated')),
    policy_reason   text,
    executed        boolean NOT NULL DEFAULT false,
    verified        boolean NOT NULL DEFAULT false,
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS decision_log_customer_idx ON ops.decision_log (customer_id, created_at DESC);

CREATE OR REPLACE FUNCTION ops.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;
DROP TRIGGER IF EXISTS decision_log_append_only ON ops.decision_log;
CREATE TRIGGER decision_log_append_only BEFORE UPDATE OR DELETE ON ops.decision_log
    FOR EACH ROW EXECUTE FUNCTION ops.refuse_change();
DROP TRIGGER IF EXISTS decision_log_no_truncate ON ops.decision_log;
CREATE TRIGGER decision_log_no_truncate BEFORE TRUNCATE ON ops.decision_log
    FOR EACH STATEMENT EXECUTE FUNCTION ops.refuse_change();

CREATE TABLE IF NOT EXISTS ops.actions (
    action_id       uuid PRIMARY KEY,
    batch_id        uuid NOT NULL,
    position        smallint NOT NULL CHECK (position BETWEEN 0 AND 5),
    customer_id     text NOT NULL,
    conversation_id uuid,
    action          text NOT NULL,
    params          jsonb NOT NULL DEFAULT '{}'::jsonb,
    view            jsonb NOT NULL DEFAULT '{}'::jsonb,
    decision        text NOT NULL CHECK (decision IN ('allowed', 'needs_confirmation', 'blocked', 'escalated')),
    reason          text,
    status          text NOT NULL CHECK (status IN (
                        'awaiting_confirmation', 'confirmed', 'executing', 'verified', 'failed',
                        'cancelled', 'expired', 'refused', 'escalated', 'skipped')),
    language        text NOT NULL DEFAULT 'es' CHECK (language IN ('es', 'pt')),
    idempotency_key text NOT NULL UNIQUE,
    attempts        smallint NOT NULL DEFAULT 0,
    result          jsonb,
    created_at      timestamptz NOT NULL DEFAULT now(),
    expires_at      timestamptz NOT NULL,
    confirmed_at    timestamptz,
    finished_at     timestamptz,
    UNIQUE (batch_id, position)
);
CREATE INDEX IF NOT EXISTS actions_customer_idx ON ops.actions (customer_id, created_at DESC);

CREATE TABLE IF NOT EXISTS ops.preferences (
    customer_id text NOT NULL,
    key         text NOT NULL CHECK (key ~ '^[a-z_]+\.[a-z_]+$'),
    value       jsonb NOT NULL,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (customer_id, key)
);

CREATE TABLE IF NOT EXISTS ops.outbox (
    message_id     bigserial PRIMARY KEY,
    customer_id    text NOT NULL,
    action_id      uuid,
    channel        text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms')),
    destination    text NOT NULL,
    delivered_to   text,
    template       text NOT NULL,
    language       text NOT NULL DEFAULT 'es' CHECK (language IN ('es', 'pt')),
    subject        text NOT NULL,
    body           text NOT NULL,
    mode           text NOT NULL DEFAULT 'simulated' CHECK (mode IN ('simulated', 'smtp')),
    status         text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'accepted', 'failed')),
    provider_reply text,
    attempts       smallint NOT NULL DEFAULT 0,
    created_at     timestamptz NOT NULL DEFAULT now(),
    sent_at        timestamptz
);
CREATE UNIQUE INDEX IF NOT EXISTS outbox_action_idx ON ops.outbox (action_id) WHERE action_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS outbox_customer_idx ON ops.outbox (customer_id, created_at DESC);

CREATE TABLE IF NOT EXISTS ops.transfers (
    transfer_id             uuid PRIMARY KEY,
    customer_id             text NOT NULL,
    conversation_id         uuid,
    kind                    text NOT NULL CHECK (kind IN ('own_accounts', 'pay_debt', 'third_party', 'pay_service')),
    origin_product_id       text NOT NULL,
    destination_product_id  text NOT NULL,
    destination_customer_id text,
    amount                  numeric(15, 2) NOT NULL CHECK (amount > 0),
    currency                text NOT NULL CHECK (currency IN ('MXN', 'COP', 'ARS', 'USD')),
    amount_usd              numeric(15, 2),
    summary                 jsonb NOT NULL DEFAULT '{}'::jsonb,
    status                  text NOT NULL DEFAULT 'proposed' CHECK (status IN (
                                'proposed', 'executed', 'cancelled', 'expired', 'blocked')),
    status_reason           text,
    language                text NOT NULL DEFAULT 'es' CHECK (language IN ('es', 'pt')),
    created_at              timestamptz NOT NULL DEFAULT now(),
    expires_at              timestamptz NOT NULL,
    executed_at             timestamptz,
    origin_balance_after    numeric(15, 2),
    receipt                 jsonb
);
CREATE INDEX IF NOT EXISTS transfers_daily_limit_idx ON ops.transfers (customer_id, executed_at);

CREATE TABLE IF NOT EXISTS ops.card_actions (
    action_id    uuid PRIMARY KEY,
    product_id   text NOT NULL,
    customer_id  text NOT NULL,
    action       text NOT NULL CHECK (action IN ('freeze', 'unfreeze', 'cancel')),
    requested_at timestamptz NOT NULL DEFAULT now(),
    verified_at  timestamptz
);
CREATE INDEX IF NOT EXISTS card_actions_product_idx ON ops.card_actions (product_id, requested_at DESC);

CREATE TABLE IF NOT EXISTS ops.disputes (
    dispute_id           uuid PRIMARY KEY,
    customer_id          text NOT NULL,
    transaction_id       text NOT NULL,
    investigation_result jsonb NOT NULL DEFAULT '{}'::jsonb,
    status               text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_review', 'resolved', 'rejected')),
    sla_due_at           timestamptz NOT NULL,
    tracking_token       text NOT NULL UNIQUE,
    created_at           timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS ops.handoff_cases (
    case_id         uuid PRIMARY KEY,
    customer_id     text NOT NULL,
    conversation_id uuid REFERENCES ops.conversations (conversation_id),
    dispute_id      uuid REFERENCES ops.disputes (dispute_id),
    priority        text NOT NULL CHECK (priority IN ('High', 'Medium', 'Low')),
    sla_due_at      timestamptz NOT NULL,
    reason_codes    text[] NOT NULL DEFAULT '{}',
    case_file       jsonb NOT NULL,
    status          text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'taken', 'closed')),
    taken_by        uuid REFERENCES ops.operators (operator_id),
    created_at      timestamptz NOT NULL DEFAULT now(),
    closed_at       timestamptz
);
CREATE INDEX IF NOT EXISTS handoff_cases_queue_idx ON ops.handoff_cases (status, created_at DESC);

GRANT USAGE ON SCHEMA ops TO quipu_app;
GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA ops TO quipu_app;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ops TO quipu_app;
REVOKE UPDATE, DELETE, TRUNCATE ON ops.decision_log FROM quipu_app;
REVOKE ALL ON ALL TABLES IN SCHEMA ops FROM dwh_reader;
REVOKE ALL ON SCHEMA ops FROM dwh_reader;
