import { type AdminDocumentKey, adminLimits } from '@plaza/contract';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings, appSettingVersions } from '../../db/schema';

export type VersionRow = typeof appSettingVersions.$inferSelect;

/** Queries on the versions of the administered documents. */
export const versionsRepo = {
  /** Holds the document's writes in order until the transaction ends (a base version stays the latest). */
  async lock(tx: Db, key: AdminDocumentKey): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`app_settings:${key}`}))`);
  },
  /** The stored value, its latest version and when it was stored. */
  async current(db: Db, key: AdminDocumentKey) {
    const [row] = await db
      .select({
        value: appSettings.value,
        updated_at: appSettings.updated_at,
        version_id: sql<number | null>`(select ${appSettingVersions.id} from ${appSettingVersions}
          where ${appSettingVersions.key} = ${key} order by ${appSettingVersions.id} desc limit 1)`.mapWith(
          (value) => (value === null ? null : Number(value)),
        ),
      })
      .from(appSettings)
      .where(eq(appSettings.key, key));
    return row;
  },
  async latestId(db: Db, key: AdminDocumentKey): Promise<number | null> {
    const [row] = await db
      .select({ id: appSettingVersions.id })
      .from(appSettingVersions)
      .where(eq(appSettingVersions.key, key))
      .orderBy(desc(appSettingVersions.id))
      .limit(1);
    return row?.id ?? null;
  },
  async insert(db: Db, row: typeof appSettingVersions.$inferInsert): Promise<VersionRow> {
    const [inserted] = await db.insert(appSettingVersions).values(row).returning();
    return inserted!;
  },
  /** Removes the versions of a key beyond the newest `documentVersionsKept` (at most a few at a time). */
  async prune(db: Db, key: AdminDocumentKey): Promise<void> {
    await db.execute(sql`delete from ${appSettingVersions} where ${appSettingVersions.key} = ${key}
      and ${appSettingVersions.id} < (select id from ${appSettingVersions} where key = ${key}
        order by id desc offset ${adminLimits.documentVersionsKept - 1} limit 1)`);
  },
  /** A page of versions, newest first, before an id. */
  page(db: Db, key: AdminDocumentKey, before: number | undefined, limit: number): Promise<VersionRow[]> {
    return db
      .select()
      .from(appSettingVersions)
      .where(and(eq(appSettingVersions.key, key), before ? lt(appSettingVersions.id, before) : undefined))
      .orderBy(desc(appSettingVersions.id))
      .limit(limit);
  },
  async find(db: Db, key: AdminDocumentKey, id: number): Promise<VersionRow | undefined> {
    const [row] = await db
      .select()
      .from(appSettingVersions)
      .where(and(eq(appSettingVersions.key, key), eq(appSettingVersions.id, id)));
    return row;
  },
};
