ALTER TABLE "ship_methods" DROP CONSTRAINT "ship_methods_tenant_name_key_unique";--> statement-breakpoint
ALTER TABLE "box_sizes" DROP CONSTRAINT "box_sizes_tenant_name_unique";--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carrier_accounts" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ship_methods" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "box_sizes" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "ship_methods_tenant_name_key_live_idx" ON "ship_methods" USING btree ("tenant_id","name_key") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "box_sizes_tenant_name_live_idx" ON "box_sizes" USING btree ("tenant_id","name") WHERE archived_at IS NULL;