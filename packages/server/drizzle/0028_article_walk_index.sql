CREATE INDEX "pages_type_publish_id_idx" ON "pages" USING btree ("type","publish_date","id","published");--> statement-breakpoint
DROP INDEX "pages_type_publish_idx";
