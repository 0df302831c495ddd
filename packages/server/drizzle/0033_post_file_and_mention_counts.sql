ALTER TABLE "posts" ADD COLUMN "file_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "mention_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "posts" p SET "file_count" = c.n
  FROM (SELECT "post_id", count(*)::int AS n FROM "post_files" WHERE "post_id" IS NOT NULL GROUP BY "post_id") c
  WHERE c."post_id" = p."id";--> statement-breakpoint
UPDATE "posts" p SET "mention_count" = c.n
  FROM (SELECT "post_id", count(*)::int AS n FROM "post_mentions" GROUP BY "post_id") c
  WHERE c."post_id" = p."id";--> statement-breakpoint
-- A post's files and mentioned members, counted in the transaction of the row's change: a file claimed by a
-- post (an upload gets its post_id when the post is saved), moved or removed, a mention added or removed, a
-- post deleted (its rows go by cascade and find no post left to update).
CREATE FUNCTION "plaza_post_attachment_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."post_id" IS NOT NULL THEN
    IF TG_TABLE_NAME = 'post_files' THEN
      UPDATE "posts" SET "file_count" = "file_count" - 1 WHERE "id" = OLD."post_id";
    ELSE
      UPDATE "posts" SET "mention_count" = "mention_count" - 1 WHERE "id" = OLD."post_id";
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."post_id" IS NOT NULL THEN
    IF TG_TABLE_NAME = 'post_files' THEN
      UPDATE "posts" SET "file_count" = "file_count" + 1 WHERE "id" = NEW."post_id";
    ELSE
      UPDATE "posts" SET "mention_count" = "mention_count" + 1 WHERE "id" = NEW."post_id";
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "post_files_file_count" AFTER INSERT OR DELETE OR UPDATE OF "post_id" ON "post_files" FOR EACH ROW EXECUTE FUNCTION "plaza_post_attachment_counts"();--> statement-breakpoint
CREATE TRIGGER "post_mentions_mention_count" AFTER INSERT OR DELETE OR UPDATE OF "post_id" ON "post_mentions" FOR EACH ROW EXECUTE FUNCTION "plaza_post_attachment_counts"();
