CREATE INDEX "posts_created_id_group_idx" ON "posts" USING btree ("created_at","id","group_id");--> statement-breakpoint
CREATE INDEX "posts_group_created_id_idx" ON "posts" USING btree ("group_id","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_topic_created_id_idx" ON "posts" USING btree ("topic_id","created_at","id");--> statement-breakpoint
DROP INDEX "posts_created_id_idx";--> statement-breakpoint
DROP INDEX "posts_group_created_idx";--> statement-breakpoint
DROP INDEX "posts_topic_created_idx";
