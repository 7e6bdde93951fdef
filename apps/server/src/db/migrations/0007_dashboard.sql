CREATE TABLE "dashboard_event_buckets" (
	"tenant_id" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"measure" text NOT NULL,
	"order_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_event_buckets_tenant_id_bucket_measure_pk" PRIMARY KEY("tenant_id","bucket","measure"),
	CONSTRAINT "dashboard_event_buckets_measure_check" CHECK (measure IN ('shipped', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "dashboard_event_buckets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "dashboard_order_buckets" (
	"tenant_id" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"store_key" bigint NOT NULL,
	"currency" text NOT NULL,
	"state" text NOT NULL,
	"order_count" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_order_buckets_tenant_id_bucket_store_key_currency_state_pk" PRIMARY KEY("tenant_id","bucket","store_key","currency","state"),
	CONSTRAINT "dashboard_order_buckets_state_check" CHECK (state IN ('open', 'sold', 'unsold'))
);
--> statement-breakpoint
ALTER TABLE "dashboard_order_buckets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "dashboard_event_buckets" ADD CONSTRAINT "dashboard_event_buckets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_order_buckets" ADD CONSTRAINT "dashboard_order_buckets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "dashboard_event_buckets_tenant_read" ON "dashboard_event_buckets" AS PERMISSIVE FOR SELECT TO "shipdesk_app" USING (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "dashboard_order_buckets_tenant_read" ON "dashboard_order_buckets" AS PERMISSIVE FOR SELECT TO "shipdesk_app" USING (tenant_id = current_setting('app.tenant_id', true));