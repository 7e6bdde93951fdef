CREATE TABLE "shipping_rule_set_versions" (
	"tenant_id" text NOT NULL,
	"scope" text NOT NULL,
	"version" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by_email" text,
	CONSTRAINT "shipping_rule_set_versions_tenant_id_scope_version_pk" PRIMARY KEY("tenant_id","scope","version")
);
--> statement-breakpoint
ALTER TABLE "shipping_rule_set_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "shipping_rule_sets" (
	"tenant_id" text NOT NULL,
	"scope" text NOT NULL,
	"version" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_email" text,
	CONSTRAINT "shipping_rule_sets_tenant_id_scope_pk" PRIMARY KEY("tenant_id","scope"),
	CONSTRAINT "shipping_rule_sets_scope_check" CHECK (scope = 'all' OR scope ~ '^[1-9][0-9]{0,17}$'),
	CONSTRAINT "shipping_rule_sets_version_check" CHECK (version >= 1)
);
--> statement-breakpoint
ALTER TABLE "shipping_rule_sets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "hazard_class" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_by_rule" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "box_size_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "insured_value" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "signature" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_until" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cheapest_services" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hand_set" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_rule_set_versions" ADD CONSTRAINT "shipping_rule_set_versions_set_fk" FOREIGN KEY ("tenant_id","scope") REFERENCES "public"."shipping_rule_sets"("tenant_id","scope") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_rule_settings_check" CHECK ((insured_value IS NULL OR insured_value >= 0)
      AND (signature IS NULL OR signature IN ('standard', 'adult')));--> statement-breakpoint
CREATE POLICY "shipping_rule_set_versions_tenant_isolation" ON "shipping_rule_set_versions" AS PERMISSIVE FOR ALL TO "shipdesk_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "shipping_rule_sets_tenant_isolation" ON "shipping_rule_sets" AS PERMISSIVE FOR ALL TO "shipdesk_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));