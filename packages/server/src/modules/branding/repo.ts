import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brandingImages } from '../../db/schema';

export type BrandingImageRow = typeof brandingImages.$inferInsert;

/** Queries on the stored logo and favicon files. */
export const brandingRepo = {
  /** Stores files by their content-hashed names; a name stored before holds the same bytes. */
  async insert(db: Db, rows: BrandingImageRow[]): Promise<void> {
    await db.insert(brandingImages).values(rows).onConflictDoNothing();
  },
  async find(db: Db, kind: string, file: string) {
    const [row] = await db
      .select({ mime: brandingImages.mime, content: brandingImages.content })
      .from(brandingImages)
      .where(and(eq(brandingImages.kind, kind), eq(brandingImages.file, file)));
    return row;
  },
};
