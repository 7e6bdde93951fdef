CREATE TABLE "sso"."support_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"page_url" text,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso"."support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "sso"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_requests_reference_key" ON "sso"."support_requests" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "support_requests_ip_idx" ON "sso"."support_requests" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "support_requests_email_idx" ON "sso"."support_requests" USING btree ("email","created_at");