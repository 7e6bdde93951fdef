CREATE TABLE "order_status_counts" (
	"tenant_id" text NOT NULL,
	"order_status" text NOT NULL,
	"order_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_counts_tenant_id_order_status_pk" PRIMARY KEY("tenant_id","order_status")
);
--> statement-breakpoint
ALTER TABLE "order_status_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "order_status_counts" ADD CONSTRAINT "order_status_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "order_status_counts_tenant_read" ON "order_status_counts" AS PERMISSIVE FOR SELECT TO "shipdesk_app" USING (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
-- Written by hand below: the counts are kept by the database, so the app role only reads them.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "order_status_counts" FROM shipdesk_app;
--> statement-breakpoint
-- One function for the three statement-level triggers: it adds up a statement's transition tables per
-- (tenant, status), so a statement of 100k rows is one aggregate and one upsert per status it touched.
-- SECURITY DEFINER: it runs as its owner (the migrating role, which owns order_status_counts and so is not held by
-- its row-level security) whoever writes the orders; the app role cannot write the counts itself. The rows it
-- counts are the statement's own, which the orders policy already confined to the writer's tenant. search_path is
-- pinned (pg_temp last, so no temporary object can stand in for a name) and every table is schema-qualified.
-- Rows are written in key order, so two transactions touching the same statuses lock them in the same order and
-- cannot deadlock on them. A decrease only goes to an existing row: a tenant being deleted may have lost its count
-- rows to the cascade before its orders go.
-- jit = off: the function's plans are cached per connection from its first call, and a plan made for a bulk
-- statement's transition tables costs enough to be JIT-compiled again on every later call (about 7 ms per one-row
-- write on that connection, measured on PostgreSQL 15), for statements that are cheap anyway.
CREATE FUNCTION public.order_status_counts_apply() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp SET jit = off AS $$
BEGIN
  -- Each branch names only the transition tables its trigger declares (INSERT: new_orders, DELETE: old_orders).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public.order_status_counts AS c (tenant_id, order_status, order_count)
    SELECT n.tenant_id, n.order_status, count(*) FROM new_orders AS n
    GROUP BY n.tenant_id, n.order_status
    ORDER BY n.tenant_id, n.order_status
    ON CONFLICT (tenant_id, order_status) DO UPDATE SET order_count = c.order_count + excluded.order_count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO public.order_status_counts AS c (tenant_id, order_status, order_count)
    SELECT o.tenant_id, o.order_status, -count(*) FROM old_orders AS o
    WHERE EXISTS (SELECT 1 FROM public.order_status_counts AS e
                  WHERE e.tenant_id = o.tenant_id AND e.order_status = o.order_status)
    GROUP BY o.tenant_id, o.order_status
    ORDER BY o.tenant_id, o.order_status
    ON CONFLICT (tenant_id, order_status) DO UPDATE SET order_count = c.order_count + excluded.order_count;
  ELSE
    -- UPDATE: the net change per (tenant, status); a statement that changes no status (most do not) writes nothing.
    INSERT INTO public.order_status_counts AS c (tenant_id, order_status, order_count)
    SELECT d.tenant_id, d.order_status, d.delta
    FROM (
      SELECT ch.tenant_id, ch.order_status, sum(ch.n) AS delta
      FROM (
        SELECT o.tenant_id, o.order_status, -1 AS n FROM old_orders AS o
        UNION ALL
        SELECT n.tenant_id, n.order_status, 1 FROM new_orders AS n
      ) AS ch
      GROUP BY ch.tenant_id, ch.order_status
    ) AS d
    WHERE d.delta > 0
       OR (d.delta < 0 AND EXISTS (SELECT 1 FROM public.order_status_counts AS e
                                   WHERE e.tenant_id = d.tenant_id AND e.order_status = d.order_status))
    ORDER BY d.tenant_id, d.order_status
    ON CONFLICT (tenant_id, order_status) DO UPDATE SET order_count = c.order_count + excluded.order_count;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TRUNCATE removes every tenant's orders without row triggers; the counts go with them.
CREATE FUNCTION public.order_status_counts_truncate() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  DELETE FROM public.order_status_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION public.order_status_counts_apply() FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION public.order_status_counts_truncate() FROM PUBLIC;
--> statement-breakpoint
-- Transition tables need one trigger per event, and an UPDATE trigger with transition tables may not name columns
-- (UPDATE OF order_status, tenant_id): every UPDATE statement runs it, and one that moves no status writes nothing.
CREATE TRIGGER order_status_counts_insert AFTER INSERT ON public.orders
REFERENCING NEW TABLE AS new_orders
FOR EACH STATEMENT EXECUTE FUNCTION public.order_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER order_status_counts_update AFTER UPDATE ON public.orders
REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
FOR EACH STATEMENT EXECUTE FUNCTION public.order_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER order_status_counts_delete AFTER DELETE ON public.orders
REFERENCING OLD TABLE AS old_orders
FOR EACH STATEMENT EXECUTE FUNCTION public.order_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER order_status_counts_truncate AFTER TRUNCATE ON public.orders
FOR EACH STATEMENT EXECUTE FUNCTION public.order_status_counts_truncate();
--> statement-breakpoint
-- The orders already there, counted after the triggers exist: CREATE TRIGGER holds a lock that keeps writers out of
-- orders until this migration commits, so no order is missed or counted twice.
INSERT INTO public.order_status_counts (tenant_id, order_status, order_count)
SELECT tenant_id, order_status, count(*) FROM public.orders GROUP BY tenant_id, order_status;
