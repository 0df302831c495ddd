DROP INDEX "posts_created_idx";--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_created_id_idx" ON "posts" USING btree ("created_at","id");--> statement-breakpoint
-- Permissions the code never knew are dropped before the check (none were ever granted through the API or CLI).
UPDATE "users" SET "permissions" = array(SELECT p FROM unnest("permissions") p WHERE p IN ('superadmin', 'users', 'post_as_author'))
  WHERE NOT ("permissions" <@ array['superadmin', 'users', 'post_as_author']::text[]);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_permissions_check" CHECK ("users"."permissions" <@ array['superadmin', 'users', 'post_as_author']::text[]);--> statement-breakpoint
UPDATE "posts" p SET "like_count" = c.n FROM (SELECT "target_id", count(*)::int AS n FROM "likes" WHERE "target_type" = 'post' GROUP BY "target_id") c WHERE c."target_id" = p."id";--> statement-breakpoint
UPDATE "posts" p SET "comment_count" = c.n FROM (SELECT "target_id", count(*)::int AS n FROM "comments" WHERE "target_type" = 'post' GROUP BY "target_id") c WHERE c."target_id" = p."id";--> statement-breakpoint
UPDATE "pages" p SET "like_count" = c.n FROM (SELECT "target_id", count(*)::int AS n FROM "likes" WHERE "target_type" = 'news' GROUP BY "target_id") c WHERE c."target_id" = p."id";--> statement-breakpoint
UPDATE "pages" p SET "comment_count" = c.n FROM (SELECT "target_id", count(*)::int AS n FROM "comments" WHERE "target_type" = 'news' GROUP BY "target_id") c WHERE c."target_id" = p."id";--> statement-breakpoint
-- Keeps like_count and comment_count of the target (a post, or a page for 'news') in the same transaction as
-- the like or comment row, whatever removes it (the API, a deleted member's cascade, a removed post).
CREATE FUNCTION "plaza_reaction_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  delta integer;
BEGIN
  IF TG_OP = 'INSERT' THEN r := NEW; delta := 1; ELSE r := OLD; delta := -1; END IF;
  IF TG_TABLE_NAME = 'likes' THEN
    IF r.target_type = 'post' THEN
      UPDATE "posts" SET "like_count" = "like_count" + delta WHERE "id" = r.target_id;
    ELSE
      UPDATE "pages" SET "like_count" = "like_count" + delta WHERE "id" = r.target_id;
    END IF;
  ELSE
    IF r.target_type = 'post' THEN
      UPDATE "posts" SET "comment_count" = "comment_count" + delta WHERE "id" = r.target_id;
    ELSE
      UPDATE "pages" SET "comment_count" = "comment_count" + delta WHERE "id" = r.target_id;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "likes_reaction_counts" AFTER INSERT OR DELETE ON "likes" FOR EACH ROW EXECUTE FUNCTION "plaza_reaction_counts"();--> statement-breakpoint
CREATE TRIGGER "comments_reaction_counts" AFTER INSERT OR DELETE ON "comments" FOR EACH ROW EXECUTE FUNCTION "plaza_reaction_counts"();
