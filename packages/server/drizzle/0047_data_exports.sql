CREATE TABLE "data_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"path" text,
	"size" bigint,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_exports_state_check" CHECK ("data_exports"."state" in ('requested', 'running', 'ready', 'failed', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_asker_idx" ON "data_exports" USING btree ("requested_by","member_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "data_exports_member_idx" ON "data_exports" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "data_exports_open_idx" ON "data_exports" USING btree ("id") WHERE "data_exports"."state" in ('requested', 'running');--> statement-breakpoint
CREATE INDEX "data_exports_expires_idx" ON "data_exports" USING btree ("expires_at") WHERE "data_exports"."state" = 'ready';