CREATE TABLE "sso"."password_resets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"ip" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso"."password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "sso"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "sso"."password_resets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "password_resets_ip_idx" ON "sso"."password_resets" USING btree ("ip","created_at");