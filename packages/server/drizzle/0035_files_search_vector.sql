ALTER TABLE "files" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
-- Group and topic files are found by name in the search across the community (modules/search). The name
-- is split at everything but letters and digits first ("Quartalsbericht_2024-Q3.pdf" is one token to the
-- parser, then quartalsbericht, 2024, q3 and pdf), and weighted like other names (A). A trigger keeps it in
-- the transaction that writes the row, like the other search documents (migration 0012).
CREATE FUNCTION "plaza_file_search_vector"(name text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT plaza_search_text(regexp_replace(coalesce(name, ''), '[^[:alnum:]]+', ' ', 'g'), 'A')
$$;--> statement-breakpoint
CREATE FUNCTION "plaza_files_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_vector" := plaza_file_search_vector(NEW."name");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "files_search_vector" BEFORE INSERT OR UPDATE OF "name" ON "files"
  FOR EACH ROW EXECUTE FUNCTION "plaza_files_search_vector"();--> statement-breakpoint
UPDATE "files" SET "search_vector" = plaza_file_search_vector("name");--> statement-breakpoint
CREATE INDEX "files_search_idx" ON "files" USING gin ("search_vector");
