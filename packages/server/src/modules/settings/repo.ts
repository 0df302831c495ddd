import type { AdminDocumentKey } from '@plaza/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings, userPreferences } from '../../db/schema';
import { forgetSessions, memberMemo } from '../../platform/session-cache';

/** Keys of the deployment-wide documents in `app_settings`. */
export type SettingsKey = AdminDocumentKey;

/** Queries on deployment documents and member preferences. */
export const settingsRepo = {
  async get(db: Db, key: SettingsKey): Promise<unknown> {
    const [row] = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, key));
    return row?.value;
  },
  async put(db: Db, key: SettingsKey, value: unknown): Promise<void> {
    await db
      .insert(appSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updated_at: new Date() } });
  },
  /** A member's preferences; read on every page load (the settings menu), so kept like their session. */
  async preferences(db: Db, userId: number): Promise<ReadonlyMap<string, boolean>> {
    return memberMemo(db, userId, 'preferences', async () => {
      const rows = await db.select().from(userPreferences).where(eq(userPreferences.user_id, userId));
      return new Map(rows.map((row) => [row.key, row.value]));
    });
  },
  async setPreference(db: Db, userId: number, key: string, value: boolean): Promise<void> {
    await db
      .insert(userPreferences)
      .values({ user_id: userId, key, value })
      .onConflictDoUpdate({ target: [userPreferences.user_id, userPreferences.key], set: { value } });
    forgetSessions(db, { userId });
  },
  async preference(db: Db, userId: number, key: string): Promise<boolean | undefined> {
    const [row] = await db
      .select({ value: userPreferences.value })
      .from(userPreferences)
      .where(and(eq(userPreferences.user_id, userId), eq(userPreferences.key, key)));
    return row?.value;
  },
};
