ALTER TABLE "shipping_labels" ADD COLUMN "push_subscribed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD COLUMN "push_subscribe_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD COLUMN "push_subscribe_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD COLUMN "push_subscribe_problem" text;--> statement-breakpoint
CREATE INDEX "shipping_labels_push_subscribe_idx" ON "shipping_labels" USING btree ("push_subscribed_until" NULLS FIRST) WHERE status = 'active' AND carrier = 'ups' AND parcel_status NOT IN ('delivered', 'returned', 'voided');