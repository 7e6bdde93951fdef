-- IF NOT EXISTS: the migrator creates schema "sso" first, for its own bookkeeping table.
CREATE SCHEMA IF NOT EXISTS "sso";
--> statement-breakpoint
CREATE TABLE "sso"."keys" (
	"id" text PRIMARY KEY NOT NULL,
	"use" text NOT NULL,
	"material" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso"."login_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso"."oidc_payloads" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "sso"."organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso"."registration_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"ip" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso"."registration_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso"."subscriptions" (
	"organization_id" uuid NOT NULL,
	"app_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_organization_id_app_id_pk" PRIMARY KEY("organization_id","app_id")
);
--> statement-breakpoint
CREATE TABLE "sso"."users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role_id" smallint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso"."subscriptions" ADD CONSTRAINT "subscriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "sso"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso"."users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "sso"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "sso"."login_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "sso"."login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_idx" ON "sso"."oidc_payloads" USING btree ("model","grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "sso"."oidc_payloads" USING btree ("model","uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_user_code_idx" ON "sso"."oidc_payloads" USING btree ("model","user_code");--> statement-breakpoint
CREATE INDEX "oidc_payloads_expires_idx" ON "sso"."oidc_payloads" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_name_lower_key" ON "sso"."organizations" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "registration_codes_email_idx" ON "sso"."registration_codes" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "registration_codes_ip_idx" ON "sso"."registration_codes" USING btree ("ip");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "sso"."users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_organization_idx" ON "sso"."users" USING btree ("organization_id");