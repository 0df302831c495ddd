-- Rows written before these checks that the code only tolerated (it read an unknown value as its fallback) are given that fallback, so the checks can be added.
UPDATE "activities" SET "type" = 'other' WHERE "type" NOT IN ('invite', 'application', 'comment', 'chat_group', 'application_accepted', 'application_declined', 'mention', 'like', 'other');--> statement-breakpoint
UPDATE "activities" SET "membership_status" = NULL WHERE "membership_status" NOT IN ('pending', 'applied', 'accepted', 'declined');--> statement-breakpoint
UPDATE "profile_fields" SET "type" = 'text' WHERE "type" NOT IN ('text', 'select', 'multiselect');--> statement-breakpoint
UPDATE "user_addresses" SET "gender" = NULL WHERE "gender" NOT IN ('female', 'male', 'diverse');--> statement-breakpoint
UPDATE "user_children" SET "gender" = NULL WHERE "gender" NOT IN ('female', 'male', 'diverse');--> statement-breakpoint
UPDATE "users" SET "gender" = NULL WHERE "gender" NOT IN ('female', 'male', 'diverse');--> statement-breakpoint
UPDATE "users" SET "status" = NULL WHERE "status" NOT IN ('employee', 'executive', 'trainee', 'student', 'freelancer', 'retired');--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_type_check" CHECK ("activities"."type" in ('invite', 'application', 'comment', 'chat_group', 'application_accepted', 'application_declined', 'mention', 'like', 'other'));--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_membership_status_check" CHECK ("activities"."membership_status" in ('pending', 'applied', 'accepted', 'declined'));--> statement-breakpoint
ALTER TABLE "group_memberships" ADD CONSTRAINT "group_memberships_role_check" CHECK ("group_memberships"."role" in ('admin', 'member'));--> statement-breakpoint
ALTER TABLE "group_memberships" ADD CONSTRAINT "group_memberships_status_check" CHECK ("group_memberships"."status" in ('pending', 'applied', 'accepted', 'declined'));--> statement-breakpoint
ALTER TABLE "group_memberships" ADD CONSTRAINT "group_memberships_kind_check" CHECK ("group_memberships"."kind" in ('invite', 'application'));--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_type_check" CHECK ("groups"."type" in ('open', 'approval', 'private'));--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_status_check" CHECK ("topics"."status" in ('active', 'suggested'));--> statement-breakpoint
ALTER TABLE "profile_fields" ADD CONSTRAINT "profile_fields_type_check" CHECK ("profile_fields"."type" in ('text', 'select', 'multiselect'));--> statement-breakpoint
ALTER TABLE "user_addresses" ADD CONSTRAINT "user_addresses_type_check" CHECK ("user_addresses"."type" in ('invoice_address', 'delivery_address'));--> statement-breakpoint
ALTER TABLE "user_addresses" ADD CONSTRAINT "user_addresses_gender_check" CHECK ("user_addresses"."gender" in ('female', 'male', 'diverse'));--> statement-breakpoint
ALTER TABLE "user_children" ADD CONSTRAINT "user_children_gender_check" CHECK ("user_children"."gender" in ('female', 'male', 'diverse'));--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_target_type_check" CHECK ("comments"."target_type" in ('news', 'post'));--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_target_type_check" CHECK ("likes"."target_type" in ('news', 'post'));--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_visibility_check" CHECK ("pages"."visibility" in ('all', 'members'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_gender_check" CHECK ("users"."gender" in ('female', 'male', 'diverse'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_selected_language_check" CHECK ("users"."selected_language" in ('de_DE', 'en_GB'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("users"."status" in ('employee', 'executive', 'trainee', 'student', 'freelancer', 'retired'));