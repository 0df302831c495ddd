import type { SsoProviderKind } from '@plaza/contract';
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ssoIdentities, ssoLogins, ssoOptions, ssoProviders } from '../../db/schema';

export type SsoProviderRow = typeof ssoProviders.$inferSelect;
export type NewSsoProviderRow = typeof ssoProviders.$inferInsert;
export type SsoLoginRow = typeof ssoLogins.$inferSelect;

/** Queries of the sign-in providers, linked identities and sign-ins under way. */
export const ssoRepo = {
  providers(db: Db): Promise<SsoProviderRow[]> {
    return db.select().from(ssoProviders).orderBy(ssoProviders.kind);
  },
  async provider(db: Db, kind: SsoProviderKind): Promise<SsoProviderRow | undefined> {
    const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.kind, kind));
    return row;
  },
  /** Replaces every provider with `rows` (kinds not listed are removed). */
  async replaceProviders(db: Db, rows: NewSsoProviderRow[]): Promise<void> {
    await db.delete(ssoProviders);
    if (rows.length > 0) await db.insert(ssoProviders).values(rows);
  },
  async localPasswords(db: Db): Promise<boolean> {
    const [row] = await db.select().from(ssoOptions).where(eq(ssoOptions.id, 1));
    return row?.local_passwords ?? true;
  },
  async setLocalPasswords(db: Db, value: boolean): Promise<void> {
    await db
      .insert(ssoOptions)
      .values({ id: 1, local_passwords: value })
      .onConflictDoUpdate({ target: ssoOptions.id, set: { local_passwords: value } });
  },
  async linkedUser(db: Db, provider: SsoProviderKind, subject: string): Promise<number | undefined> {
    const [row] = await db
      .select({ user_id: ssoIdentities.user_id })
      .from(ssoIdentities)
      .where(and(eq(ssoIdentities.provider, provider), eq(ssoIdentities.subject, subject)));
    return row?.user_id;
  },
  async link(db: Db, provider: SsoProviderKind, subject: string, userId: number): Promise<void> {
    await db.insert(ssoIdentities).values({ provider, subject, user_id: userId }).onConflictDoNothing();
  },
  /** Stores a sign-in under way, removing those that expired by `now`. */
  async startLogin(db: Db, row: SsoLoginRow, now: Date): Promise<void> {
    await db.delete(ssoLogins).where(lte(ssoLogins.expires_at, now));
    await db.insert(ssoLogins).values(row);
  },
  /** Takes a sign-in under way once: the row is gone afterwards, expired or not. */
  async takeLogin(db: Db, id: string): Promise<SsoLoginRow | undefined> {
    const [row] = await db.delete(ssoLogins).where(eq(ssoLogins.id, id)).returning();
    return row;
  },
};
