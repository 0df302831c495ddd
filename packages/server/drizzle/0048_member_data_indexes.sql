CREATE INDEX "chat_messages_sender_id_idx" ON "chat_messages" USING btree ("sender_id","id");--> statement-breakpoint
CREATE INDEX "files_uploader_idx" ON "files" USING btree ("uploader_id","id");--> statement-breakpoint
CREATE INDEX "location_reviews_user_idx" ON "location_reviews" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "comments_author_id_idx" ON "comments" USING btree ("author_id","id");--> statement-breakpoint
CREATE INDEX "posts_author_id_idx" ON "posts" USING btree ("author_id","id");