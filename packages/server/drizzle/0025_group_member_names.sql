ALTER TABLE "group_memberships" ADD COLUMN "sort_lastname" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "group_memberships" ADD COLUMN "sort_firstname" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A membership carries its member's names in lower case (the member lists' order): set when it is made,
-- and again on every membership of a member whose name changes.
CREATE FUNCTION "plaza_membership_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower("lastname"), lower("firstname") INTO NEW."sort_lastname", NEW."sort_firstname"
  FROM "users" WHERE "id" = NEW."user_id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "group_memberships_names" BEFORE INSERT OR UPDATE OF "user_id" ON "group_memberships" FOR EACH ROW EXECUTE FUNCTION "plaza_membership_names"();--> statement-breakpoint
CREATE FUNCTION "plaza_member_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "group_memberships" SET "sort_lastname" = lower(NEW."lastname"), "sort_firstname" = lower(NEW."firstname")
  WHERE "user_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_renamed_memberships" AFTER UPDATE OF "lastname", "firstname" ON "users" FOR EACH ROW
  WHEN (OLD."lastname" IS DISTINCT FROM NEW."lastname" OR OLD."firstname" IS DISTINCT FROM NEW."firstname")
  EXECUTE FUNCTION "plaza_member_renamed"();--> statement-breakpoint
UPDATE "group_memberships" m SET "sort_lastname" = lower(u."lastname"), "sort_firstname" = lower(u."firstname")
FROM "users" u WHERE u."id" = m."user_id";--> statement-breakpoint
CREATE INDEX "group_memberships_by_name_idx" ON "group_memberships" USING btree ("group_id","status","sort_lastname","sort_firstname","user_id");
