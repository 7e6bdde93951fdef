-- The role that tenant-scoped transactions switch to (SET LOCAL ROLE) so that row-level security applies.
-- Roles belong to the cluster, not the database: several databases of one cluster (tests, the SSO) may run this,
-- so creation is guarded. The migrating user becomes a member so it may SET ROLE to it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'shipdesk_app') THEN
    BEGIN
      CREATE ROLE shipdesk_app NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    END;
  END IF;
  IF NOT pg_has_role(current_user, 'shipdesk_app', 'MEMBER') THEN
    EXECUTE format('GRANT shipdesk_app TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO shipdesk_app;
--> statement-breakpoint
-- Tables and sequences the migrating user creates from here on are usable by the app role; RLS policies decide rows.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO shipdesk_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO shipdesk_app;
