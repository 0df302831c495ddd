import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { postFiles } from '../../db/schema';
import type { PostFileRow } from './repo';

/** Queries on the files uploaded for posts. */
export const postFilesRepo = {
  async insert(db: Db, values: typeof postFiles.$inferInsert): Promise<PostFileRow> {
    const [row] = await db.insert(postFiles).values(values).returning();
    return row!;
  },
  async find(db: Db, id: number): Promise<PostFileRow | undefined> {
    const [row] = await db.select().from(postFiles).where(eq(postFiles.id, id));
    return row;
  },
  async remove(db: Db, id: number): Promise<PostFileRow | undefined> {
    const [row] = await db.delete(postFiles).where(eq(postFiles.id, id)).returning();
    return row;
  },
  /** Removes uploads no post took up before `before` (housekeeping); returns their stored paths. */
  async removeUnclaimed(db: Db, before: Date): Promise<string[]> {
    const rows = await db
      .delete(postFiles)
      .where(and(isNull(postFiles.post_id), lt(postFiles.created_at, before)))
      .returning({ path: postFiles.path });
    return rows.map((row) => row.path);
  },
};
