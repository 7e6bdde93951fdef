-- On the API "store 1" is the manual channel (POST /api/v1/store/1/orders), so no connected store may have id 1.
-- A store that has it (the first store ever made in this database) moves to a fresh id, with every row naming it;
-- the dashboard's triggers move its figures along with its orders.
DO $$
DECLARE
  moved record;
  fresh bigint;
BEGIN
  FOR moved IN SELECT tenant_id FROM public.stores WHERE id = 1 LOOP
    fresh := nextval(pg_get_serial_sequence('public.stores', 'id'));
    UPDATE public.stores SET id = fresh WHERE tenant_id = moved.tenant_id AND id = 1;
    UPDATE public.orders SET store_id = fresh WHERE tenant_id = moved.tenant_id AND store_id = 1;
    UPDATE public.sync_runs SET store_id = fresh WHERE tenant_id = moved.tenant_id AND store_id = 1;
    UPDATE public.webhook_events SET store_id = fresh WHERE tenant_id = moved.tenant_id AND store_id = 1;
    UPDATE public.marketplace_installs SET store_id = fresh WHERE tenant_id = moved.tenant_id AND store_id = 1;
  END LOOP;
  -- The next store of a fresh database would otherwise be number 1.
  PERFORM setval(pg_get_serial_sequence('public.stores', 'id'),
                 greatest(nextval(pg_get_serial_sequence('public.stores', 'id')), 2), false);
END $$;
--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_id_not_manual_check" CHECK (id <> 1);
