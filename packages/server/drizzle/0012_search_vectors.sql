ALTER TABLE "groups" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
-- The search across the community (modules/search): each table's search document, kept by a trigger in the
-- transaction that writes the row (whatever path writes it), and filled for the rows already there before
-- the GIN indexes are built. Words are indexed with German and English stems at once; the queries ask for
-- each word as a prefix in both (search-sql.ts), so either language and words being typed are found.
-- The text of sanitised HTML: tags and character references become spaces.
CREATE FUNCTION "plaza_html_text"(html text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(regexp_replace(coalesce(html, ''), '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g')
$$;--> statement-breakpoint
-- German and English stems of a text, weighted (A: names and titles, B: descriptions and teasers, C: bodies).
CREATE FUNCTION "plaza_search_text"(body text, weight "char") RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('german', coalesce(body, '')) || to_tsvector('english', coalesce(body, '')), weight)
$$;--> statement-breakpoint
CREATE FUNCTION "plaza_post_search_vector"(description text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT plaza_search_text(plaza_html_text(description), 'B')
$$;--> statement-breakpoint
CREATE FUNCTION "plaza_named_search_vector"(name text, description text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT plaza_search_text(name, 'A') || plaza_search_text(description, 'B')
$$;--> statement-breakpoint
-- A page's published text: title, teaser, content, their translations and the texts of its modules (titles,
-- rich text, captions, file titles, plain texts); the editor's draft is not searched until it is published.
CREATE FUNCTION "plaza_page_search_vector"(title text, teaser text, content text, translations jsonb, modules jsonb)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT plaza_search_text(title, 'A')
    || plaza_search_text(teaser, 'B')
    || plaza_search_text(plaza_html_text(content), 'C')
    || plaza_search_text((
      SELECT string_agg(t.value ->> 'title', ' ') FROM jsonb_each(CASE WHEN jsonb_typeof(translations) = 'object' THEN translations ELSE '{}'::jsonb END) t
    ), 'A')
    || plaza_search_text(plaza_html_text((
      SELECT string_agg(t.value ->> 'content', ' ') FROM jsonb_each(CASE WHEN jsonb_typeof(translations) = 'object' THEN translations ELSE '{}'::jsonb END) t
    )), 'C')
    || plaza_search_text(plaza_html_text((
      SELECT string_agg(v #>> '{}', ' ')
      FROM unnest(array['$[*].data.title', '$[*].data.html', '$[*].data.text', '$[*].data.images[*].caption',
        '$[*].data.files[*].title', '$[*].data.items[*].page_name', '$[*].data.items[*].article_name']) p,
        jsonb_path_query(coalesce(modules, '[]'::jsonb), p::jsonpath) v
      WHERE jsonb_typeof(v) = 'string'
    )), 'C')
$$;--> statement-breakpoint
CREATE FUNCTION "plaza_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'posts' THEN
    NEW."search_vector" := plaza_post_search_vector(NEW."description");
  ELSIF TG_TABLE_NAME = 'pages' THEN
    NEW."search_vector" := plaza_page_search_vector(NEW."title", NEW."teaser", NEW."content", NEW."translations", NEW."modules");
  ELSE
    NEW."search_vector" := plaza_named_search_vector(NEW."name", NEW."description");
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_search_vector" BEFORE INSERT OR UPDATE OF "description" ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "plaza_search_vector"();--> statement-breakpoint
CREATE TRIGGER "groups_search_vector" BEFORE INSERT OR UPDATE OF "name", "description" ON "groups"
  FOR EACH ROW EXECUTE FUNCTION "plaza_search_vector"();--> statement-breakpoint
CREATE TRIGGER "topics_search_vector" BEFORE INSERT OR UPDATE OF "name", "description" ON "topics"
  FOR EACH ROW EXECUTE FUNCTION "plaza_search_vector"();--> statement-breakpoint
CREATE TRIGGER "pages_search_vector" BEFORE INSERT OR UPDATE OF "title", "teaser", "content", "translations", "modules" ON "pages"
  FOR EACH ROW EXECUTE FUNCTION "plaza_search_vector"();--> statement-breakpoint
UPDATE "posts" SET "search_vector" = plaza_post_search_vector("description");--> statement-breakpoint
UPDATE "groups" SET "search_vector" = plaza_named_search_vector("name", "description");--> statement-breakpoint
UPDATE "topics" SET "search_vector" = plaza_named_search_vector("name", "description");--> statement-breakpoint
UPDATE "pages" SET "search_vector" = plaza_page_search_vector("title", "teaser", "content", "translations", "modules");--> statement-breakpoint
CREATE INDEX "groups_search_idx" ON "groups" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "topics_search_idx" ON "topics" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "pages_search_idx" ON "pages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector");