-- The walls of guarded text-to-SQL must hold where the application is not a superuser (RDS, Cloud SQL,
-- Neon), so they may not rest on anything a session can change, nor on a REVOKE the migrating role is
-- not allowed to make (it does not own set_config).
--
-- 1. Guarded SQL runs on its own login, dwh_reader. Its session user is the reader, a member of no
--    role, so neither SET ROLE nor set_config('role', ...) can reach anything it was not granted.
-- 2. Row-level security reads the customer from walls.reader_scope, keyed by the backend pid of the
--    reader's connection. Only the application role may write that table; the reader can neither
--    write it nor change its own pid, so it cannot name another customer.

DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'dwh_reader' AND rolcanlogin) THEN
        ALTER ROLE dwh_reader LOGIN;
    END IF;
EXCEPTION WHEN insufficient_privilege OR undefined_object THEN
    RAISE NOTICE 'dwh_reader must be given LOGIN by an administrator';
END
$$;

-- The application no longer borrows the reader's role: guarded SQL never runs on its connections.
DO $$
BEGIN
    IF pg_has_role('quipu_app', 'dwh_reader', 'MEMBER') THEN
        REVOKE dwh_reader FROM quipu_app;
    END IF;
EXCEPTION WHEN insufficient_privilege OR undefined_object THEN
    RAISE NOTICE 'quipu_app is still a member of dwh_reader; an administrator may revoke it';
END
$$;

-- Defaults for the reader's own sessions; each transaction also sets them locally. temp_file_limit
-- may only be set by a superuser (or a role granted SET on it); without it the statement timeout
-- remains the bound, and the start-up check reports the value it finds.
DO $$
BEGIN
    ALTER ROLE dwh_reader SET statement_timeout = '3s';
    ALTER ROLE dwh_reader SET idle_in_transaction_session_timeout = '10s';
    ALTER ROLE dwh_reader SET work_mem = '4MB';
    ALTER ROLE dwh_reader SET default_transaction_read_only = on;
EXCEPTION WHEN insufficient_privilege OR undefined_object THEN
    RAISE NOTICE 'the reader''s session defaults could not be set; each transaction sets them';
END
$$;
DO $$
BEGIN
    ALTER ROLE dwh_reader SET temp_file_limit = '64MB';
EXCEPTION WHEN insufficient_privilege OR undefined_object THEN
    RAISE NOTICE 'temp_file_limit of dwh_reader needs a superuser; ask an administrator to set it';
END
$$;

CREATE SCHEMA IF NOT EXISTS walls;
REVOKE ALL ON SCHEMA walls FROM PUBLIC;

-- Unlogged: a mapping lives for one query, and writing it must not wait for a WAL flush.
CREATE UNLOGGED TABLE IF NOT EXISTS walls.reader_scope (
    backend_pid integer PRIMARY KEY,
    customer_id text NOT NULL CHECK (length(customer_id) BETWEEN 1 AND 64),
    set_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);
REVOKE ALL ON walls.reader_scope FROM PUBLIC;
GRANT USAGE ON SCHEMA walls TO quipu_app, dwh_reader;
GRANT SELECT, INSERT, UPDATE, DELETE ON walls.reader_scope TO quipu_app;

-- The customer of the calling reader connection, read with the owner's rights (the reader cannot read
-- the table itself). A mapping older than a minute is never trusted: the application writes one right
-- before each query and deletes it right after.
CREATE OR REPLACE FUNCTION walls.reader_customer() RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER PARALLEL RESTRICTED
    SET search_path = pg_catalog, pg_temp
AS $$
    SELECT customer_id FROM walls.reader_scope
    WHERE backend_pid = pg_backend_pid() AND set_at > clock_timestamp() - interval '1 minute'
$$;
REVOKE ALL ON FUNCTION walls.reader_customer() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION walls.reader_customer() TO dwh_reader, quipu_app;

-- Re-key the policies of a core that is already loaded (a new load creates them from core.sql).
DO $$
DECLARE t text;
BEGIN
    IF EXISTS (SELECT FROM pg_namespace WHERE nspname = 'core') THEN
        FOREACH t IN ARRAY ARRAY['customers', 'products', 'transactions', 'billing', 'service_bills',
                                 'app_sessions', 'customer_service_summary', 'complaints'] LOOP
            IF to_regclass(format('core.%I', t)) IS NOT NULL THEN
                EXECUTE format('DROP POLICY IF EXISTS dwh_own_rows ON core.%I', t);
                EXECUTE format('CREATE POLICY dwh_own_rows ON core.%I FOR SELECT TO dwh_reader '
                               'USING (customer_id = (SELECT walls.reader_customer()))', t);
            END IF;
        END LOOP;
    END IF;
END
$$;

-- Still refused where this role may (defence in depth); the walls above no longer depend on it.
DO $$
BEGIN
    REVOKE EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) FROM PUBLIC;
EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'set_config stays executable by PUBLIC; row-level security does not depend on it';
END
$$;
