-- A SELECT must not be able to change the setting row-level security reads, nor any other setting:
-- nobody but a superuser may call set_config; the application uses SET LOCAL, which needs no function.
DO $$
BEGIN
    REVOKE EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) FROM PUBLIC;
EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'set_config could not be revoked from PUBLIC; ask an administrator to do it';
END
$$;
