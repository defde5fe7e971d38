-- What the reader login never needs, taken from everyone but the application: signalling other backends
-- (pg_terminate_backend and pg_cancel_backend let a reader end any other reader's query, that is another
-- customer's) and advisory locks (a reader could take the load's or the confirm's lock and hold it).
-- These functions are owned by the bootstrap superuser: on a managed PostgreSQL the migrating role may
-- not revoke them, the REVOKE only warns, and the guard's function allow-list stays the wall (the
-- start-up check then notes what the reader can still call).
DO $$
DECLARE f regprocedure;
BEGIN
    FOR f IN
        SELECT p.oid::regprocedure FROM pg_proc p
        JOIN pg_namespace n ON n.oid = p.pronamespace AND n.nspname = 'pg_catalog'
        WHERE p.proname IN ('pg_terminate_backend', 'pg_cancel_backend') OR p.proname LIKE 'pg%advisory%'
    LOOP
        BEGIN
            EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f);
            -- the application's confirm and step-up take per-customer advisory locks
            IF f::text LIKE 'pg%advisory%' THEN
                EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO quipu_app', f);
            END IF;
        EXCEPTION WHEN insufficient_privilege THEN
            RAISE NOTICE '% stays executable by PUBLIC; ask an administrator to revoke it', f;
        END;
    END LOOP;
END
$$;
