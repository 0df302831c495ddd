CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"state" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"locale" text NOT NULL,
	"field" text NOT NULL,
	"location_id" integer,
	"employment_type" text NOT NULL,
	"available_in" date,
	"tasks" text[] DEFAULT '{}'::text[] NOT NULL,
	"profile" text DEFAULT '' NOT NULL,
	"offer" text DEFAULT '' NOT NULL,
	"image_id" integer,
	"author_id" integer,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, title || ' ' || profile || ' ' || offer)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('draft', 'open', 'closed')),
	CONSTRAINT "jobs_locale_check" CHECK ("jobs"."locale" in ('de_DE', 'en_GB')),
	CONSTRAINT "jobs_field_check" CHECK ("jobs"."field" in ('administration', 'customer_service', 'engineering', 'finance', 'healthcare', 'human_resources', 'it', 'logistics', 'marketing', 'production', 'research', 'sales')),
	CONSTRAINT "jobs_employment_type_check" CHECK ("jobs"."employment_type" in ('full_time', 'part_time', 'internship', 'apprenticeship', 'mini_job')),
	CONSTRAINT "jobs_published_check" CHECK ("jobs"."state" = 'draft' or "jobs"."published_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_permissions_check";--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_open_idx" ON "jobs" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."state" = 'open';--> statement-breakpoint
CREATE INDEX "jobs_location_idx" ON "jobs" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "jobs_image_idx" ON "jobs" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_permissions_check" CHECK ("users"."permissions" <@ array['superadmin', 'users', 'post_as_author', 'jobs']::text[]);