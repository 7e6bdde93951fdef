-- The dashboard's summaries are kept by the database, in the transaction that writes orders and order events, the
-- way 0004 keeps order_status_counts (docs/dashboard.md, "Summaries"): statement-level triggers with transition
-- tables add up what a statement changed per key, so a COPY or a bulk sync of 100k rows is one aggregate.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "dashboard_order_buckets" FROM shipdesk_app;
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "dashboard_event_buckets" FROM shipdesk_app;
--> statement-breakpoint
-- The UTC quarter-hour an instant falls in. date_bin on timestamptz is arithmetic on the instant, whatever the
-- session's TimeZone.
CREATE FUNCTION public.dashboard_bucket(at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT pg_catalog.date_bin('15 minutes'::interval, at, '2000-01-01 00:00:00+00'::timestamptz)
$$;
--> statement-breakpoint
-- open: a Sales Order not fully shipped; sold: the rest of what was sold; unsold: Draft Order, Canceled.
CREATE FUNCTION public.dashboard_order_state(order_status text, shipment_status text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN order_status = 'Sales Order' AND shipment_status <> 'Shipped Complete' THEN 'open'
    WHEN order_status IN ('Sales Order', 'Completed', 'Completed - Canceled Partial') THEN 'sold'
    ELSE 'unsold'
  END
$$;
--> statement-breakpoint
-- +1 when an event makes the order Shipped Complete, -1 when it takes that back (a voided label), else 0. An event
-- without statuses after it (none today) changes nothing; no statuses before it (creation, import) is "not shipped".
CREATE FUNCTION public.dashboard_shipped_change(before jsonb, after jsonb) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN pg_catalog.jsonb_typeof(after -> 'shipmentStatus') = 'string'
    THEN (after ->> 'shipmentStatus' = 'Shipped Complete')::integer
       - coalesce((before ->> 'shipmentStatus' = 'Shipped Complete')::integer, 0)
    ELSE 0 END
$$;
--> statement-breakpoint
-- +1 when an event cancels the order, wholly (Canceled) or the rest of a partly shipped one (Completed - Canceled
-- Partial). Both are final, so no event takes it back; the formula would count that as -1 all the same.
CREATE FUNCTION public.dashboard_canceled_change(before jsonb, after jsonb) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN pg_catalog.jsonb_typeof(after -> 'orderStatus') = 'string'
    THEN (after ->> 'orderStatus' IN ('Canceled', 'Completed - Canceled Partial'))::integer
       - coalesce((before ->> 'orderStatus' IN ('Canceled', 'Completed - Canceled Partial'))::integer, 0)
    ELSE 0 END
$$;
--> statement-breakpoint
-- A channel's timestamp text as an instant, or NULL when it is not one: the trigger must never fail the write that
-- fires it. Called only for events that carry one (an exception block costs a subtransaction).
CREATE FUNCTION public.dashboard_channel_instant(value text) RETURNS timestamptz
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF value !~ '^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}' THEN
    RETURN NULL;
  END IF;
  RETURN value::timestamptz;
EXCEPTION WHEN data_exception THEN
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- When an event's change happened: its own time, or, for what a sales channel reported (imports and channel
-- updates carry the channel's last-modified time as payload.externalUpdatedAt), that time when it is earlier. An
-- order imported already shipped was shipped around its channel's last change, not when our first sync read it.
CREATE FUNCTION public.dashboard_event_time(at timestamptz, payload jsonb) RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN pg_catalog.jsonb_typeof(payload -> 'externalUpdatedAt') = 'string'
    THEN least(at, public.dashboard_channel_instant(payload ->> 'externalUpdatedAt'))
    ELSE at END
$$;
--> statement-breakpoint
-- Orders by (tenant, quarter-hour of order_date, store, currency, state); Deleted orders are left out. Like 0004:
-- SECURITY DEFINER with a pinned search_path, rows upserted in key order (no deadlock between two writers), a
-- decrease only applied to an existing row (a tenant's cascade may have removed its summary rows first), jit off.
CREATE FUNCTION public.dashboard_order_buckets_apply() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp SET jit = off AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public.dashboard_order_buckets AS c (tenant_id, bucket, store_key, currency, state, order_count, revenue)
    SELECT n.tenant_id, public.dashboard_bucket(n.order_date), coalesce(n.store_id, 0), n.currency,
           public.dashboard_order_state(n.order_status, n.shipment_status), count(*), sum(n.total)
    FROM new_orders AS n
    WHERE n.order_status <> 'Deleted'
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_id, bucket, store_key, currency, state) DO UPDATE
      SET order_count = c.order_count + excluded.order_count, revenue = c.revenue + excluded.revenue;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO public.dashboard_order_buckets AS c (tenant_id, bucket, store_key, currency, state, order_count, revenue)
    SELECT d.tenant_id, d.bucket, d.store_key, d.currency, d.state, -d.n, -d.r
    FROM (
      SELECT o.tenant_id, public.dashboard_bucket(o.order_date) AS bucket, coalesce(o.store_id, 0) AS store_key,
             o.currency, public.dashboard_order_state(o.order_status, o.shipment_status) AS state,
             count(*) AS n, sum(o.total) AS r
      FROM old_orders AS o
      WHERE o.order_status <> 'Deleted'
      GROUP BY 1, 2, 3, 4, 5
    ) AS d
    WHERE EXISTS (SELECT 1 FROM public.dashboard_order_buckets AS e
                  WHERE e.tenant_id = d.tenant_id AND e.bucket = d.bucket AND e.store_key = d.store_key
                    AND e.currency = d.currency AND e.state = d.state)
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_id, bucket, store_key, currency, state) DO UPDATE
      SET order_count = c.order_count + excluded.order_count, revenue = c.revenue + excluded.revenue;
  ELSE
    -- UPDATE: the net change per key. Most updates (a payment, an address, a version bump) net to zero and write
    -- nothing; a status change moves one order between states, a new order date between buckets.
    INSERT INTO public.dashboard_order_buckets AS c (tenant_id, bucket, store_key, currency, state, order_count, revenue)
    SELECT d.tenant_id, d.bucket, d.store_key, d.currency, d.state, d.n, d.r
    FROM (
      SELECT ch.tenant_id, ch.bucket, ch.store_key, ch.currency, ch.state, sum(ch.n) AS n, sum(ch.r) AS r
      FROM (
        SELECT o.tenant_id, public.dashboard_bucket(o.order_date) AS bucket, coalesce(o.store_id, 0) AS store_key,
               o.currency, public.dashboard_order_state(o.order_status, o.shipment_status) AS state,
               -1 AS n, -o.total AS r
        FROM old_orders AS o WHERE o.order_status <> 'Deleted'
        UNION ALL
        SELECT n.tenant_id, public.dashboard_bucket(n.order_date), coalesce(n.store_id, 0), n.currency,
               public.dashboard_order_state(n.order_status, n.shipment_status), 1, n.total
        FROM new_orders AS n WHERE n.order_status <> 'Deleted'
      ) AS ch
      GROUP BY 1, 2, 3, 4, 5
    ) AS d
    WHERE (d.n <> 0 OR d.r <> 0)
      AND (d.n > 0 OR EXISTS (SELECT 1 FROM public.dashboard_order_buckets AS e
                              WHERE e.tenant_id = d.tenant_id AND e.bucket = d.bucket AND e.store_key = d.store_key
                                AND e.currency = d.currency AND e.state = d.state))
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_id, bucket, store_key, currency, state) DO UPDATE
      SET order_count = c.order_count + excluded.order_count, revenue = c.revenue + excluded.revenue;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Shipped and canceled orders by (tenant, quarter-hour of the change, measure), from order events. The events are
-- append-only for the app; a DELETE only comes from a cascade (an order or a tenant deleted by its owner).
CREATE FUNCTION public.dashboard_event_buckets_apply() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp SET jit = off AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public.dashboard_event_buckets AS c (tenant_id, bucket, measure, order_count)
    SELECT e.tenant_id, public.dashboard_bucket(public.dashboard_event_time(e.at, e.payload)), m.measure, sum(m.n)
    FROM new_events AS e
    CROSS JOIN LATERAL (VALUES ('shipped', public.dashboard_shipped_change(e.before, e.after)),
                               ('canceled', public.dashboard_canceled_change(e.before, e.after))) AS m(measure, n)
    WHERE m.n <> 0
    GROUP BY 1, 2, 3
    HAVING sum(m.n) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, bucket, measure) DO UPDATE SET order_count = c.order_count + excluded.order_count;
  ELSE
    INSERT INTO public.dashboard_event_buckets AS c (tenant_id, bucket, measure, order_count)
    SELECT d.tenant_id, d.bucket, d.measure, -d.n
    FROM (
      SELECT e.tenant_id, public.dashboard_bucket(public.dashboard_event_time(e.at, e.payload)) AS bucket,
             m.measure, sum(m.n) AS n
      FROM old_events AS e
      CROSS JOIN LATERAL (VALUES ('shipped', public.dashboard_shipped_change(e.before, e.after)),
                                 ('canceled', public.dashboard_canceled_change(e.before, e.after))) AS m(measure, n)
      WHERE m.n <> 0
      GROUP BY 1, 2, 3
      HAVING sum(m.n) <> 0
    ) AS d
    WHERE EXISTS (SELECT 1 FROM public.dashboard_event_buckets AS x
                  WHERE x.tenant_id = d.tenant_id AND x.bucket = d.bucket AND x.measure = d.measure)
    ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, bucket, measure) DO UPDATE SET order_count = c.order_count + excluded.order_count;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION public.dashboard_orders_truncate() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  DELETE FROM public.dashboard_order_buckets;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION public.dashboard_events_truncate() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  DELETE FROM public.dashboard_event_buckets;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION public.dashboard_order_buckets_apply() FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION public.dashboard_event_buckets_apply() FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION public.dashboard_orders_truncate() FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION public.dashboard_events_truncate() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER dashboard_order_buckets_insert AFTER INSERT ON public.orders
REFERENCING NEW TABLE AS new_orders
FOR EACH STATEMENT EXECUTE FUNCTION public.dashboard_order_buckets_apply();
--> statement-breakpoint
CREATE TRIGGER dashboard_order_buckets_update AFTER UPDATE ON public.orders
REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
FOR EACH STATEMENT EXECUTE FUNCTION public.dashboard_order_buckets_apply();
--> statement-breakpoint
CREATE TRIGGER dashboard_order_buckets_delete AFTER DELETE ON public.orders
REFERENCING OLD TABLE AS old_orders
FOR EACH STATEMENT EXECUTE FUNCTION public.dashboard_order_buckets_apply();
--> statement-breakpoint
CREATE TRIGGER dashboard_order_buckets_truncate AFTER TRUNCATE ON public.orders
FOR EACH STATEMENT EXECUTE FUNCTION public.dashboard_orders_truncate();
--> statement-breakpoint
CREATE TRIGGER dashboard_event_buckets_insert AFTER INSERT ON public.order_events
REFERENCING NEW TABLE AS new_events
FOR EACH STATEMENT EXECUTE FUNCTION public.dashboard_event_buckets_apply();
--> statement-breakpoint
CREATE TRIGGER dashboard_event_buckets_delete AFTER DELETE ON public.order_events
REFERENCING OLD TABLE AS old_events
FOR EACH STATEMENT EXECUTE FUNCTION public.dashboard_event_buckets_apply();
--> statement-breakpoint
CREATE TRIGGER dashboard_event_buckets_truncate AFTER TRUNCATE ON public.order_events
FOR EACH STATEMENT EXECUTE FUNCTION public.dashboard_events_truncate();
--> statement-breakpoint
-- What is already there, summed after the triggers exist: CREATE TRIGGER keeps writers out of both tables until
-- this migration commits, so nothing is missed or counted twice.
INSERT INTO public.dashboard_order_buckets (tenant_id, bucket, store_key, currency, state, order_count, revenue)
SELECT o.tenant_id, public.dashboard_bucket(o.order_date), coalesce(o.store_id, 0), o.currency,
       public.dashboard_order_state(o.order_status, o.shipment_status), count(*), sum(o.total)
FROM public.orders AS o
WHERE o.order_status <> 'Deleted'
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO public.dashboard_event_buckets (tenant_id, bucket, measure, order_count)
SELECT e.tenant_id, public.dashboard_bucket(public.dashboard_event_time(e.at, e.payload)), m.measure, sum(m.n)
FROM public.order_events AS e
CROSS JOIN LATERAL (VALUES ('shipped', public.dashboard_shipped_change(e.before, e.after)),
                           ('canceled', public.dashboard_canceled_change(e.before, e.after))) AS m(measure, n)
WHERE m.n <> 0
GROUP BY 1, 2, 3
HAVING sum(m.n) <> 0;
