ALTER TABLE "pages" ALTER COLUMN "preview_id" SET DEFAULT md5(random()::text);--> statement-breakpoint
UPDATE "pages" SET "preview_id" = md5(random()::text || "id"::text) WHERE "preview_id" IS NULL;--> statement-breakpoint
ALTER TABLE "pages" ALTER COLUMN "preview_id" SET NOT NULL;
