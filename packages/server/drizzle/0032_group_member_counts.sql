ALTER TABLE "groups" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "groups" g SET "member_count" = c.n
  FROM (SELECT "group_id", count(*)::int AS n FROM "group_memberships" WHERE "status" = 'accepted' GROUP BY "group_id") c
  WHERE c."group_id" = g."id";--> statement-breakpoint
-- A group's accepted members, kept in the transaction of the membership's change: a member added, accepted,
-- turned away or removed, a group or a member deleted (their memberships go by cascade).
CREATE FUNCTION "plaza_group_member_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."status" = 'accepted' THEN
    UPDATE "groups" SET "member_count" = "member_count" - 1 WHERE "id" = OLD."group_id";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."status" = 'accepted' THEN
    UPDATE "groups" SET "member_count" = "member_count" + 1 WHERE "id" = NEW."group_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "group_memberships_member_count" AFTER INSERT OR DELETE OR UPDATE OF "status", "group_id" ON "group_memberships" FOR EACH ROW EXECUTE FUNCTION "plaza_group_member_count"();
