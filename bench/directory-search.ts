import { directoryQuerySchema } from '@plaza/contract';
import { profileFields, userProfileFieldValues, users } from '../packages/server/src/db/schema';
import { listDirectory } from '../packages/server/src/modules/directory/service';
import { refreshUserSearchVectors } from '../packages/server/src/modules/users';
import { createTestDatabase, testDbKind } from '../packages/server/test/database';
import { areas, firstnames, hobbies, languages, lastnames, locations, positions, skills } from './data/words';

/**
 * Budget of one directory call (page with its count) on 5,000 members, median of the slowest kind of
 * search: in-memory PGlite by default, PostgreSQL (a fresh database on TEST_POSTGRES_URL) with
 * PLAZA_TEST_DB=postgres.
 */
const budgetMs = testDbKind === 'postgres' ? 100 : 250;
const memberCount = 5_000;
const runs = 15;

/** A small deterministic generator, so every run measures the same data. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const some = <T>(list: readonly T[], max: number) => [
    ...new Set(Array.from({ length: 1 + Math.floor(next() * max) }, () => pick(list))),
  ];
  return { pick, some };
}

async function main() {
  const database = await createTestDatabase();
  const { db } = database;
  const { pick, some } = generator(42);
  const [department] = await db
    .insert(profileFields)
    .values({
      key: 'department',
      type: 'select',
      labels: { de_DE: 'Abteilung', en_GB: 'Department' },
      options: areas.map((area, i) => ({ value: `d${i}`, labels: { de_DE: area, en_GB: area } })),
      filterable: true,
    })
    .returning();
  const [hobby] = await db
    .insert(profileFields)
    .values({ key: 'hobbies', type: 'text', labels: { de_DE: 'Hobbys', en_GB: 'Hobbies' } })
    .returning();
  for (let offset = 0; offset < memberCount; offset += 500) {
    const rows = Array.from({ length: 500 }, (_, i) => {
      const n = offset + i;
      return {
        username: `bench.member${n}`,
        email: `bench.member${n}@example.com`,
        firstname: pick(firstnames),
        lastname: `${pick(lastnames)}${n % 7 === 0 ? '-Lange' : ''}`,
        position: pick(positions),
        location_names: [pick(locations)],
        areas: some(areas, 2),
        skills: some(skills, 4),
        languages: some(languages, 3),
        agb_nda_accepted: n % 50 !== 0,
      };
    });
    const inserted = await db.insert(users).values(rows).returning({ id: users.id });
    await db.insert(userProfileFieldValues).values(
      inserted.flatMap((row) => [
        { user_id: row.id, field_id: department!.id, values: [`d${row.id % areas.length}`] },
        { user_id: row.id, field_id: hobby!.id, values: [pick(hobbies)] },
      ]),
    );
  }
  await refreshUserSearchVectors(db);
  const [viewer] = await db.select().from(users).limit(1);

  const cases: [string, Record<string, unknown>][] = [
    ['first page', {}],
    ['name prefix "Luk"', { query: 'Luk' }],
    ['skill "SQL"', { query: 'SQL' }],
    ['two words "Controlling Berlin"', { query: 'Controlling Berlin' }],
    ['filters location + skills', { filters: { locations: ['Berlin', 'Hamburg'], skills: ['SQL'] } }],
    ['custom field filter + text', { filters: { [`custom_${department!.id}`]: ['d1'] }, query: 'Segeln' }],
    ['extended search skills "Py"', { type: 'extendedSearch', field_id: 'skills', query: 'Py' }],
    ['deep page by newest', { page: 200, order_by: 'newest' }],
  ];
  const medians: number[] = [];
  for (const [name, input] of cases) {
    const query = directoryQuerySchema.parse(input);
    await listDirectory(db, viewer!, 'de_DE', query);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < runs; i += 1) {
      const start = performance.now();
      const page = await listDirectory(db, viewer!, 'de_DE', query);
      times.push(performance.now() - start);
      total = page.pagination.total;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    medians.push(median);
    if (process.argv.includes('--verbose')) {
      console.log(`  ${name}: ${median.toFixed(1)} ms (${total} found)`);
    }
  }
  await database.close();
  const worst = Math.max(...medians);
  const over = worst > budgetMs;
  console.log(
    `directory search on ${memberCount} members (${testDbKind}): slowest median ${worst.toFixed(1)} ms per call (budget ${budgetMs} ms) ${over ? 'OVER' : 'OK'}`,
  );
  if (over) process.exitCode = 1;
}

await main();
