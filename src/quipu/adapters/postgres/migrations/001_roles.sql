-- Roles are cluster-wide: create them only when missing, and tolerate a server where this user
-- may not create roles (a managed database whose administrator made them beforehand).
DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'dwh_reader') THEN
        CREATE ROLE dwh_reader NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'quipu_app') THEN
        CREATE ROLE quipu_app LOGIN;
    END IF;
EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'roles dwh_reader and quipu_app must be created by an administrator';
END
$$;

DO $$
BEGIN
    EXECUTE format('GRANT dwh_reader TO %I', current_user);
    GRANT dwh_reader TO quipu_app;
EXCEPTION WHEN insufficient_privilege OR undefined_object THEN
    RAISE NOTICE 'dwh_reader could not be granted; run the grants as an administrator';
END
$$;
