CREATE TABLE "sso_identities" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_identities_provider_subject_pk" PRIMARY KEY("provider","subject"),
	CONSTRAINT "sso_identities_provider_check" CHECK ("sso_identities"."provider" in ('oidc', 'apple', 'facebook', 'google'))
);
--> statement-breakpoint
CREATE TABLE "sso_logins" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_options" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"local_passwords" boolean NOT NULL,
	CONSTRAINT "sso_options_single_row" CHECK ("sso_options"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "sso_providers" (
	"kind" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text,
	"scopes" jsonb NOT NULL,
	"claims" jsonb NOT NULL,
	"allowed_email_domains" jsonb NOT NULL,
	"create_members" boolean NOT NULL,
	"label" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_providers_kind_check" CHECK ("sso_providers"."kind" in ('oidc', 'apple', 'facebook', 'google'))
);
--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_identities_user_idx" ON "sso_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sso_logins_expires_idx" ON "sso_logins" USING btree ("expires_at");