DROP INDEX "activities_user_created_idx";--> statement-breakpoint
CREATE INDEX "activities_user_unread_idx" ON "activities" USING btree ("user_id") WHERE not "activities"."read";--> statement-breakpoint
CREATE INDEX "activities_user_created_idx" ON "activities" USING btree ("user_id","created_at","id");