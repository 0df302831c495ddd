import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { linkPreviews } from '../../db/schema';

export type LinkPreviewRow = typeof linkPreviews.$inferSelect;
export type NewLinkPreviewRow = typeof linkPreviews.$inferInsert;

/** Queries on the link preview cache (one row per normalised address). */
export const previewsRepo = {
  async byUrl(db: Db, url: string): Promise<LinkPreviewRow | undefined> {
    const [row] = await db.select().from(linkPreviews).where(eq(linkPreviews.url, url));
    return row;
  },
  /** Stores the preview of `values.url`, replacing an older one. */
  async put(db: Db, values: NewLinkPreviewRow): Promise<LinkPreviewRow> {
    const [row] = await db
      .insert(linkPreviews)
      .values(values)
      .onConflictDoUpdate({ target: linkPreviews.url, set: values })
      .returning();
    return row!;
  },
};
