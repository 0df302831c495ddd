import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { buildUser } from '../../../test/factories';
import type { Database } from '../../db/client';
import { profileFields, userProfileFieldValues, users } from '../../db/schema';
import { refreshUserSearchVector, refreshUserSearchVectors } from './search-vector';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function lexemes(userId: number): Promise<string> {
  const [row] = await database.db
    .select({ v: sql<string>`coalesce(${users.search_vector}::text, '')` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.v ?? '';
}

describe('search vector', () => {
  it('holds names unstemmed, position and skills stemmed in German and English, and searchable custom fields', async () => {
    const db = database.db;
    const user = await buildUser(
      db,
      { firstname: 'Lukas', lastname: 'Brenner' },
      {
        position: 'Softwareentwickler',
        skills: ['Projektmanagement'],
        location_names: ['Hamburg'],
        languages: ['Englisch'],
      },
    );
    const [hobbies] = await db
      .insert(profileFields)
      .values({
        key: 'hobbies_sv',
        type: 'text',
        labels: { de_DE: 'Hobbys', en_GB: 'Hobbies' },
        searchable: true,
      })
      .returning();
    const [secret] = await db
      .insert(profileFields)
      .values({
        key: 'secret_sv',
        type: 'text',
        labels: { de_DE: 'Geheim', en_GB: 'Secret' },
        searchable: false,
      })
      .returning();
    const [team] = await db
      .insert(profileFields)
      .values({
        key: 'team_sv',
        type: 'select',
        labels: { de_DE: 'Team', en_GB: 'Team' },
        options: [{ value: 'ops', labels: { de_DE: 'Betrieb', en_GB: 'Operations' } }],
        searchable: true,
      })
      .returning();
    if (!hobbies || !secret || !team) throw new Error('fields not created');
    await db.insert(userProfileFieldValues).values([
      { user_id: user.id, field_id: hobbies.id, values: ['Segeln'] },
      { user_id: user.id, field_id: secret.id, values: ['Zauberwort'] },
      { user_id: user.id, field_id: team.id, values: ['ops'] },
    ]);
    await refreshUserSearchVector(db, user.id);
    const text = await lexemes(user.id);
    expect(text).toContain("'lukas':1A");
    expect(text).toContain("'brenner':2A");
    expect(text).toMatch(/'projektmanag\w*':\d+B/);
    expect(text).toMatch(/'hamburg':\d+C/);
    expect(text).toContain("'segeln'");
    expect(text).toContain("'betrieb'");
    expect(text).toMatch(/'operat\w*'/);
    expect(text).not.toContain('zauberwort');
  });

  it("fills a new member's vector, rebuilds many members at once and leaves others alone", async () => {
    const db = database.db;
    const a = await buildUser(db, { firstname: 'Anna', lastname: 'Adler' });
    const b = await buildUser(db, { firstname: 'Berta', lastname: 'Bach' });
    expect(await lexemes(b.id)).toContain("'berta'");
    await db
      .update(users)
      .set({ search_vector: null })
      .where(inArray(users.id, [a.id, b.id]));
    await db.update(users).set({ firstname: 'Anja' }).where(eq(users.id, a.id));
    await refreshUserSearchVectors(db, [a.id]);
    expect(await lexemes(a.id)).toContain("'anja'");
    expect(await lexemes(b.id)).toBe('');
    await refreshUserSearchVectors(db, []);
    expect(await lexemes(b.id)).toBe('');
    await refreshUserSearchVectors(db);
    expect(await lexemes(b.id)).toContain("'berta'");
  });
});
