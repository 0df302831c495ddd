import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pages } from '../../db/schema';

export type PageRow = typeof pages.$inferSelect;
export type NewPageRow = typeof pages.$inferInsert;

/** Queries on CMS pages other than the news stream's articles (news/repo.ts). */
export const pagesRepo = {
  /** A page whose publish date has come, or undefined. */
  async published(db: Db, id: number, now: Date): Promise<PageRow | undefined> {
    const [row] = await db
      .select()
      .from(pages)
      .where(and(eq(pages.id, id), lte(pages.publish_date, now)));
    return row;
  },
  async insert(db: Db, values: NewPageRow): Promise<PageRow> {
    const [row] = await db.insert(pages).values(values).returning();
    return row!;
  },
};
