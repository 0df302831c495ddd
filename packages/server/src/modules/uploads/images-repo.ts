import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groups, images, jobs, pageImages, pages, topics, users } from '../../db/schema';

export type ImageRow = typeof images.$inferSelect;
export type NewImageRow = typeof images.$inferInsert;

/** Queries on uploaded images. */
export const imagesRepo = {
  async insert(db: Db, values: NewImageRow): Promise<ImageRow> {
    const [row] = await db.insert(images).values(values).returning();
    return row!;
  },
  async find(db: Db, id: number): Promise<ImageRow | undefined> {
    const [row] = await db.select().from(images).where(eq(images.id, id));
    return row;
  },
  /** Is the image the picture of some group or topic, or a member's avatar? */
  async isAttached(db: Db, id: number): Promise<boolean> {
    const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.image_id, id)).limit(1);
    if (group) return true;
    const [topic] = await db.select({ id: topics.id }).from(topics).where(eq(topics.image_id, id)).limit(1);
    if (topic) return true;
    const [member] = await db.select({ id: users.id }).from(users).where(eq(users.image_id, id)).limit(1);
    if (member) return true;
    const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.image_id, id)).limit(1);
    return Boolean(job);
  },
  /** Points the image at a new shown version, only if nobody changed it meanwhile; returns the row or undefined. */
  async replaceShown(
    db: Db,
    id: number,
    previousPath: string,
    shown: { path: string; width: number; height: number },
  ): Promise<ImageRow | undefined> {
    const [row] = await db
      .update(images)
      .set(shown)
      .where(and(eq(images.id, id), eq(images.path, previousPath)))
      .returning();
    return row;
  },
  async remove(db: Db, id: number): Promise<ImageRow | undefined> {
    const [row] = await db.delete(images).where(eq(images.id, id)).returning();
    return row;
  },
  /**
   * Removes images uploaded before `before` that no group, topic, member or article shows (uploads
   * that were never attached, or were replaced); returns the removed rows.
   */
  async removeUnattached(db: Db, before: Date): Promise<ImageRow[]> {
    const one = { one: sql`1` };
    const shownBy = [
      notExists(db.select(one).from(groups).where(eq(groups.image_id, images.id))),
      notExists(db.select(one).from(topics).where(eq(topics.image_id, images.id))),
      notExists(db.select(one).from(users).where(eq(users.image_id, images.id))),
      notExists(db.select(one).from(pages).where(eq(pages.image_id, images.id))),
      notExists(db.select(one).from(pageImages).where(eq(pageImages.image_id, images.id))),
      notExists(db.select(one).from(jobs).where(eq(jobs.image_id, images.id))),
    ];
    return db
      .delete(images)
      .where(and(lt(images.created_at, before), ...shownBy))
      .returning();
  },
};
