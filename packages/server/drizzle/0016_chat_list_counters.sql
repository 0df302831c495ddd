DROP INDEX "chat_messages_conversation_idx";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "participant_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id","sender_id");--> statement-breakpoint
-- A conversation's number of participants, kept as members join or leave (a user's deletion removes theirs).
CREATE FUNCTION "plaza_participant_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "conversations" SET "participant_count" = "participant_count" + 1 WHERE "id" = NEW."conversation_id";
  ELSE
    UPDATE "conversations" SET "participant_count" = "participant_count" - 1 WHERE "id" = OLD."conversation_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "conversation_participants_count" AFTER INSERT OR DELETE ON "conversation_participants" FOR EACH ROW EXECUTE FUNCTION "plaza_participant_count"();--> statement-breakpoint
UPDATE "conversations" c SET "participant_count" = (SELECT count(*) FROM "conversation_participants" p WHERE p."conversation_id" = c."id");
