ALTER TABLE "stores" ADD COLUMN "push_status" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "push_error" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "last_heard_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "push_counts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_push_status_check" CHECK (push_status IN ('off', 'pending', 'active', 'failed'));