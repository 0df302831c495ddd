CREATE INDEX "group_memberships_user_group_idx" ON "group_memberships" USING btree ("user_id","status","group_id");--> statement-breakpoint
CREATE INDEX "groups_open_id_idx" ON "groups" USING btree ("id") WHERE "groups"."type" = 'open';--> statement-breakpoint
DROP INDEX "group_memberships_user_idx";