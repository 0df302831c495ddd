-- Rows of members, posts and pages are rewritten often for columns no index holds (a member's last-seen
-- time once a minute, a post's like and comment counters, an article's counters). On full pages every
-- such update wrote a new entry into every index of the table, and the search indexes' pending lists grew
-- until each search scanned hundreds of pending entries (a directory search went from 5 to 19 ms). Room
-- on each page lets these updates stay on the page (HOT: no index entry at all); the members' and posts'
-- search indexes take their entries at once instead of in a pending list that every search reads.
ALTER INDEX "posts_search_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "users_search_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('posts_search_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('users_search_idx'::regclass);--> statement-breakpoint
ALTER TABLE "users" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "posts" SET (fillfactor = 85);--> statement-breakpoint
ALTER TABLE "pages" SET (fillfactor = 70);
