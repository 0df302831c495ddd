CREATE TABLE "location_category_scores" (
	"location_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"score_sum" integer DEFAULT 0 NOT NULL,
	"score_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "location_category_scores_location_id_category_id_pk" PRIMARY KEY("location_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "location_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "location_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location_id" integer NOT NULL,
	"user_id" integer,
	"year" integer NOT NULL,
	"overall" integer NOT NULL,
	"recommend" boolean NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_reviews_overall_check" CHECK (overall between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"overall_sum" integer DEFAULT 0 NOT NULL,
	"recommend_count" integer DEFAULT 0 NOT NULL,
	"last_review_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rating_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rating_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"label_de" text NOT NULL,
	"label_en" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"location_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_scores" (
	"review_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"score" integer NOT NULL,
	CONSTRAINT "review_scores_review_id_category_id_pk" PRIMARY KEY("review_id","category_id"),
	CONSTRAINT "review_scores_score_check" CHECK (score between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "location_category_scores" ADD CONSTRAINT "location_category_scores_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_category_scores" ADD CONSTRAINT "location_category_scores_category_id_rating_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."rating_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_reviews" ADD CONSTRAINT "location_reviews_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_reviews" ADD CONSTRAINT "location_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_categories" ADD CONSTRAINT "rating_categories_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_scores" ADD CONSTRAINT "review_scores_review_id_location_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."location_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_scores" ADD CONSTRAINT "review_scores_category_id_rating_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."rating_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "location_reviews_member_year_idx" ON "location_reviews" USING btree ("location_id","user_id","year");--> statement-breakpoint
CREATE INDEX "location_reviews_location_idx" ON "location_reviews" USING btree ("location_id","id");--> statement-breakpoint
CREATE INDEX "location_reviews_comments_idx" ON "location_reviews" USING btree ("location_id","id" DESC NULLS LAST,"created_at") WHERE "location_reviews"."comment" is not null;--> statement-breakpoint
CREATE INDEX "locations_name_idx" ON "locations" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "rating_categories_location_idx" ON "rating_categories" USING btree ("location_id","position");