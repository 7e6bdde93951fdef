CREATE TABLE "access_revocations" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"tenant_id" text NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_revocations_issuer_subject_pk" PRIMARY KEY("issuer","subject")
);
--> statement-breakpoint
ALTER TABLE "access_revocations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "access_revocations" ADD CONSTRAINT "access_revocations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_revocations_revoked_at_idx" ON "access_revocations" USING btree ("revoked_at");--> statement-breakpoint
CREATE POLICY "access_revocations_tenant_isolation" ON "access_revocations" AS PERMISSIVE FOR ALL TO "shipdesk_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));