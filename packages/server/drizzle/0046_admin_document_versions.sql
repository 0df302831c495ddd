CREATE TABLE "app_setting_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_setting_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"author_id" integer,
	"author_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_from" bigint,
	CONSTRAINT "app_setting_versions_key_check" CHECK ("app_setting_versions"."key" in ('settings', 'menu', 'settings_menu', 'cookie_config', 'text_overrides'))
);
--> statement-breakpoint
CREATE TABLE "branding_images" (
	"file" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branding_images_kind_check" CHECK ("branding_images"."kind" in ('logo', 'favicon'))
);
--> statement-breakpoint
ALTER TABLE "app_setting_versions" ADD CONSTRAINT "app_setting_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_setting_versions_key_idx" ON "app_setting_versions" USING btree ("key","id" DESC NULLS LAST);