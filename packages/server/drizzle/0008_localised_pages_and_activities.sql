ALTER TABLE "activities" ADD COLUMN "message" jsonb;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;