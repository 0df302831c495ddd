CREATE TABLE "housekeeping_runs" (
	"job" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "target_type" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "target_id" integer;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "activities_target_idx" ON "activities" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";--> statement-breakpoint
UPDATE "activities" SET "target_type" = 'post', "target_id" = substring("url" from '^/news/post-([0-9]{1,9})$')::integer WHERE "url" ~ '^/news/post-[0-9]{1,9}$';--> statement-breakpoint
UPDATE "activities" SET "target_type" = 'page', "target_id" = substring("url" from '^/news/([0-9]{1,9})$')::integer WHERE "url" ~ '^/news/[0-9]{1,9}$';--> statement-breakpoint
UPDATE "activities" SET "target_type" = 'topic', "target_id" = substring("url" from '^/groups/[0-9]{1,9}/topics/([0-9]{1,9})$')::integer WHERE "url" ~ '^/groups/[0-9]{1,9}/topics/[0-9]{1,9}$';--> statement-breakpoint
UPDATE "activities" SET "target_type" = 'group', "target_id" = substring("url" from '^/groups/([0-9]{1,9})$')::integer WHERE "url" ~ '^/groups/[0-9]{1,9}$';--> statement-breakpoint
UPDATE "activities" SET "target_type" = 'membership', "target_id" = "membership_id" WHERE "target_type" IS NULL AND "membership_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_target_check" CHECK (("activities"."target_type" is null and "activities"."target_id" is null) or ("activities"."target_type" in ('post', 'page', 'group', 'topic', 'membership') and "activities"."target_id" is not null));