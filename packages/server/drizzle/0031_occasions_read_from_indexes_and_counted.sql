CREATE TABLE "listed_date_counts" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"birthdays" integer DEFAULT 0 NOT NULL,
	"entry_dates" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listed_date_counts_one_row" CHECK ("listed_date_counts"."id")
);
--> statement-breakpoint
-- The listed members with each date, counted once here and then kept by the trigger below in the same
-- transaction as the change: an insert, a deletion, or an update of a date, the terms or the deactivation.
INSERT INTO "listed_date_counts" ("id", "birthdays", "entry_dates")
  SELECT true, count("birthday")::int, count("entry_date")::int FROM "users" WHERE "agb_nda_accepted" AND "deactivated_at" IS NULL;--> statement-breakpoint
CREATE FUNCTION "plaza_listed_date_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  births integer := 0;
  entries integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."agb_nda_accepted" AND OLD."deactivated_at" IS NULL THEN
    births := births - (OLD."birthday" IS NOT NULL)::int;
    entries := entries - (OLD."entry_date" IS NOT NULL)::int;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."agb_nda_accepted" AND NEW."deactivated_at" IS NULL THEN
    births := births + (NEW."birthday" IS NOT NULL)::int;
    entries := entries + (NEW."entry_date" IS NOT NULL)::int;
  END IF;
  IF births <> 0 OR entries <> 0 THEN
    UPDATE "listed_date_counts" SET "birthdays" = "birthdays" + births, "entry_dates" = "entry_dates" + entries;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_listed_date_counts" AFTER INSERT OR DELETE OR UPDATE OF "birthday", "entry_date", "agb_nda_accepted", "deactivated_at" ON "users" FOR EACH ROW EXECUTE FUNCTION "plaza_listed_date_counts"();--> statement-breakpoint
CREATE INDEX "users_listed_birthday_day_idx" ON "users" USING btree ((extract(month from "birthday") * 100 + extract(day from "birthday")),lower("lastname"),lower("firstname"),"id","lastname","firstname","birthday") WHERE "users"."birthday" is not null and "users"."agb_nda_accepted" and "users"."deactivated_at" is null;--> statement-breakpoint
CREATE INDEX "users_listed_entry_day_idx" ON "users" USING btree ((extract(month from "entry_date") * 100 + extract(day from "entry_date")),lower("lastname"),lower("firstname"),"id","lastname","firstname","entry_date") WHERE "users"."entry_date" is not null and "users"."agb_nda_accepted" and "users"."deactivated_at" is null;--> statement-breakpoint
DROP INDEX "users_birthday_day_idx";--> statement-breakpoint
DROP INDEX "users_entry_day_idx";
