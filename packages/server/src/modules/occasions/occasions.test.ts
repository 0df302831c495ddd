import type { FilterOption, Occasion } from '@plaza/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { patchSettings } from '../../../test/directory-helpers';
import { buildUser, testPassword } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';
import { users } from '../../db/schema';
import { refreshUserSearchVectors } from '../users/search-vector';
import { occasionsRepo } from './repo';
import { localToday } from './service';

type Member = Awaited<ReturnType<typeof buildUser>>;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The date `days` after today, with its year replaced. */
function shifted(days: number, year: number): string {
  const date = new Date(`${localToday()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return `${year}${date.toISOString().slice(4, 10)}`;
}

/** The coming celebration of a month and day (29 February on the 28th in other years), from today. */
function nextCelebration(origin: string, today = localToday()): string {
  const [month, day] = [Number(origin.slice(5, 7)), Number(origin.slice(8, 10))];
  const on = (year: number) => {
    const d = month === 2 && day === 29 && !isLeap(year) ? 28 : day;
    return `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  };
  const year = Number(today.slice(0, 4));
  return on(year) >= today ? on(year) : on(year + 1);
}

describe('occasions: birthdays and work anniversaries', () => {
  let t: TestApp;
  let viewer: Member;
  let anna: Member;
  let ben: Member;
  let cara: Member;
  let leap: Member;
  let client: TestClient;

  const get = async <T>(path: string) => {
    const response = await client.get(path);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const ids = (results: Occasion[]) => results.map((occasion) => occasion.id);

  beforeAll(async () => {
    t = await createTestApp();
    viewer = await buildUser(t.db, { firstname: 'Vera', lastname: 'Viewer' });
    anna = await buildUser(
      t.db,
      { firstname: 'Anna', lastname: 'Adler' },
      { birthday: shifted(2, 1990), location_names: ['Berlin'] },
    );
    ben = await buildUser(
      t.db,
      { firstname: 'Ben', lastname: 'Bauer' },
      {
        birthday: shifted(5, 1987),
        is_birth_year_visible: false,
        entry_date: shifted(1, 2016),
        location_names: ['Hamburg'],
        areas: ['IT'],
      },
    );
    cara = await buildUser(t.db, { firstname: 'Cara', lastname: 'Conrad' }, { birthday: shifted(0, 1995) });
    leap = await buildUser(t.db, { firstname: 'Lea', lastname: 'Schalt' }, { birthday: '2000-02-29' });
    const thisYear = Number(localToday().slice(0, 4));
    await buildUser(t.db, { firstname: 'Dora', lastname: 'Day' }, { entry_date: shifted(0, thisYear) });
    await buildUser(
      t.db,
      { firstname: 'Finn', lastname: 'Future' },
      { entry_date: shifted(30, thisYear + 1) },
    );
    await buildUser(
      t.db,
      { firstname: 'Nina', lastname: 'Neu', agb_nda_accepted: false },
      { birthday: shifted(1, 1980), entry_date: shifted(1, 2010) },
    );
    // A deactivated account is not listed: no occasions of it anywhere (every expected list below leaves it out).
    const gone = await buildUser(
      t.db,
      { firstname: 'Dieter', lastname: 'Deaktiviert' },
      { birthday: shifted(3, 1985), entry_date: shifted(4, 2012) },
    );
    await t.db.update(users).set({ deactivated_at: new Date() }).where(eq(users.id, gone.id));
    await refreshUserSearchVectors(t.db);
    client = await signedIn(t, viewer);
  });
  afterAll(() => t.close());

  /** Every occasion of the test members, in the order the server must give them. */
  function expectedOrder(): string[] {
    const entries = [
      { id: `birthday-${cara.id}`, date: nextCelebration(cara.birthday!), name: 'conrad' },
      { id: `anniversary-${ben.id}`, date: nextCelebration(ben.entry_date!), name: 'bauer' },
      { id: `birthday-${anna.id}`, date: nextCelebration(anna.birthday!), name: 'adler' },
      { id: `birthday-${ben.id}`, date: nextCelebration(ben.birthday!), name: 'bauer' },
      { id: `birthday-${leap.id}`, date: nextCelebration(leap.birthday!), name: 'schalt' },
    ];
    return entries
      .sort(
        (a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
      )
      .map((entry) => entry.id);
  }

  it('refuses anonymous callers, members without the terms and bad input', async () => {
    const paths = [
      '/api/v2/occasions',
      '/api/v2/occasions/feed',
      '/api/v2/occasions/birthdays',
      '/api/v2/occasions/anniversaries',
      '/api/v2/occasions.filters',
    ];
    const anonymous = new TestClient(t.app);
    const pending = await buildUser(t.db, { agb_nda_accepted: false });
    const pendingClient = new TestClient(t.app);
    await pendingClient.login(pending.username, testPassword);
    for (const path of paths) {
      expect((await anonymous.get(path)).statusCode, path).toBe(401);
      expect((await pendingClient.get(path)).statusCode, path).toBe(403);
    }
    for (const path of [
      '/api/v2/occasions?page=0',
      '/api/v2/occasions?per_page=500',
      '/api/v2/occasions?filters[type]=party',
      '/api/v2/occasions?filters[skills]=SQL',
      '/api/v2/occasions/birthdays?filters[colour]=red',
      '/api/v2/occasions/feed?limit=0',
      '/api/v2/occasions/feed?limit=100',
    ]) {
      expect((await client.get(path)).statusCode, path).toBe(400);
    }
  });

  it('lists coming birthdays and anniversaries from today on, soonest first, with ages and years of service', async () => {
    const page = await get<{ results: Occasion[]; pagination: { total: number } }>('/api/v2/occasions');
    expect(ids(page.results)).toEqual(expectedOrder());
    expect(page.pagination.total).toBe(5);
    const byId = (id: string) => page.results.find((occasion) => occasion.id === id)!;
    const today = localToday();
    const caraDay = byId(`birthday-${cara.id}`);
    expect(caraDay.date).toBe(today);
    expect(caraDay.age).toBe(Number(today.slice(0, 4)) - 1995);
    expect(caraDay.years).toBeNull();
    expect(caraDay.user.id).toBe(cara.id);
    const anniversary = byId(`anniversary-${ben.id}`);
    expect(anniversary).toMatchObject({
      type: 'anniversary',
      date: nextCelebration(ben.entry_date!),
      age: null,
    });
    expect(anniversary.years).toBe(Number(anniversary.date.slice(0, 4)) - 2016);
    const annaDay = byId(`birthday-${anna.id}`);
    expect(annaDay.age).toBe(Number(annaDay.date.slice(0, 4)) - 1990);
    expect(annaDay.is_birth_year_visible).toBe(true);
  });

  it('never sends a hidden birth year, nor an age it could be computed from', async () => {
    const bodies = await Promise.all(
      [
        '/api/v2/occasions',
        '/api/v2/occasions/birthdays',
        '/api/v2/occasions/feed?limit=30',
        '/api/v2/occasions?query=Bauer',
        '/api/v2/occasions?filters[locations]=Hamburg',
      ].map(async (path) => (await client.get(path)).body),
    );
    for (const body of bodies) {
      expect(body).toContain(`birthday-${ben.id}`);
      expect(body).not.toContain('1987');
    }
    const birthdays = await get<{ results: Occasion[] }>('/api/v2/occasions/birthdays');
    const benDay = birthdays.results.find((occasion) => occasion.id === `birthday-${ben.id}`)!;
    expect(benDay).toMatchObject({ is_birth_year_visible: false, age: null, years: null });
    expect(benDay.user.birthday).toBe(`--${ben.birthday!.slice(5)}`);
  });

  it('celebrates 29 February on the 28th in a year without it, and on the 29th in a leap year', async () => {
    const page = await get<{ results: Occasion[] }>('/api/v2/occasions/birthdays?per_page=48');
    const leapDay = page.results.find((occasion) => occasion.id === `birthday-${leap.id}`)!;
    expect(leapDay.date).toBe(nextCelebration('2000-02-29'));
    const at = (today: string) => occasionsRepo.page(t.db, today, ['birthday'], [], 48, 0);
    const inLeapYear = (await at('2027-12-01')).find((row) => row.user_id === leap.id)!;
    expect(inLeapYear).toMatchObject({ date: '2028-02-29', span: 28 });
    const inOtherYear = (await at('2029-01-10')).find((row) => row.user_id === leap.id)!;
    expect(inOtherYear).toMatchObject({ date: '2029-02-28', span: 29 });
    const dayAfter = (await at('2029-03-01')).find((row) => row.user_id === leap.id)!;
    expect(dayAfter.date).toBe('2030-02-28');
  });

  it('splits birthdays and anniversaries, and pages, searches and filters', async () => {
    const birthdays = await get<{ results: Occasion[] }>('/api/v2/occasions/birthdays');
    expect(birthdays.results.every((occasion) => occasion.type === 'birthday')).toBe(true);
    expect(birthdays.results).toHaveLength(4);
    const anniversaries = await get<{ results: Occasion[] }>('/api/v2/occasions/anniversaries');
    expect(ids(anniversaries.results)).toEqual([`anniversary-${ben.id}`]);
    const second = await get<{ results: Occasion[]; pagination: { last: number } }>(
      '/api/v2/occasions?per_page=2&page=2',
    );
    expect(ids(second.results)).toEqual(expectedOrder().slice(2, 4));
    expect(second.pagination.last).toBe(3);
    expect(ids((await get<{ results: Occasion[] }>('/api/v2/occasions?query=%20Ann%20')).results)).toEqual([
      `birthday-${anna.id}`,
    ]);
    const hamburg = await get<{ results: Occasion[] }>('/api/v2/occasions?filters[locations]=Hamburg');
    expect(ids(hamburg.results).sort()).toEqual([`anniversary-${ben.id}`, `birthday-${ben.id}`].sort());
    const typed = await get<{ results: Occasion[] }>(
      '/api/v2/occasions?filters[type]=anniversary&filters[locations]=Hamburg&filters[locations]=Berlin',
    );
    expect(ids(typed.results)).toEqual([`anniversary-${ben.id}`]);
    const berlinBirthdays = await get<{ results: Occasion[] }>(
      '/api/v2/occasions/birthdays?filters[locations]=Berlin',
    );
    expect(ids(berlinBirthdays.results)).toEqual([`birthday-${anna.id}`]);
  });

  it('feeds the slider with the next occasions of both kinds', async () => {
    const feed = await get<{ results: Occasion[] }>('/api/v2/occasions/feed');
    expect(ids(feed.results)).toEqual(expectedOrder());
    const short = await get<{ results: Occasion[] }>('/api/v2/occasions/feed?limit=2');
    expect(ids(short.results)).toEqual(expectedOrder().slice(0, 2));
  });

  it('offers type, location and area filters of members with an occasion', async () => {
    const response = await client.get('/api/v2/occasions.filters', { headers: { 'x-locale': 'en_GB' } });
    const filters = response.json().results as FilterOption[];
    expect(filters.map((f) => f.identifier)).toEqual(['type', 'locations', 'areas']);
    expect(filters[0]).toEqual({
      id: 'type',
      identifier: 'type',
      label: 'Occasion',
      properties: [
        { id: 'birthday', value: 'Birthday', type: 'option' },
        { id: 'anniversary', value: 'Work anniversary', type: 'option' },
      ],
    });
    expect(filters[1]?.properties.map((p) => p.id)).toEqual(['Berlin', 'Hamburg']);
  });

  it('has no birthday occasions when birthdays are not part of profiles', async () => {
    await patchSettings(t.db, { profile_options: { included_profile_birthday: false } });
    try {
      const all = await get<{ results: Occasion[] }>('/api/v2/occasions');
      expect(ids(all.results)).toEqual([`anniversary-${ben.id}`]);
      expect((await get<{ results: Occasion[] }>('/api/v2/occasions/birthdays')).results).toEqual([]);
      const feed = await get<{ results: Occasion[] }>('/api/v2/occasions/feed');
      expect(ids(feed.results)).toEqual([`anniversary-${ben.id}`]);
      const filters = (await get<{ results: FilterOption[] }>('/api/v2/occasions.filters')).results;
      expect(filters[0]?.properties.map((p) => p.id)).toEqual(['anniversary']);
    } finally {
      await patchSettings(t.db, { profile_options: { included_profile_birthday: true } });
    }
  });

  it('reads a page from the first members of each day, with 29 February among the 28th by name', async () => {
    const zorn = await buildUser(t.db, { firstname: 'Zoe', lastname: 'Zorn' }, { birthday: '1991-02-28' });
    const firstOf = async (today: string, limit: number) =>
      (
        await occasionsRepo.page(t.db, today, ['birthday'], [sql`u.id in (${leap.id}, ${zorn.id})`], limit, 0)
      ).map((row) => `${row.user_id} ${row.date}`);
    // Without a 29 February, Schalt celebrates on the 28th beside Zorn and comes first by name, although
    // the day index puts the 29th after every 28th.
    expect(await firstOf('2029-02-01', 1)).toEqual([`${leap.id} 2029-02-28`]);
    expect(await firstOf('2029-03-01', 2)).toEqual([`${leap.id} 2030-02-28`, `${zorn.id} 2030-02-28`]);
    // In a leap year each has a day of its own.
    expect(await firstOf('2028-02-01', 2)).toEqual([`${zorn.id} 2028-02-28`, `${leap.id} 2028-02-29`]);
    expect(await firstOf('2028-02-29', 2)).toEqual([`${leap.id} 2028-02-29`, `${zorn.id} 2029-02-28`]);
    // The year's end: the rest of this year first, then January on; a page further on from its offset.
    const today = '2029-12-31';
    const members = [anna, ben, cara, leap, zorn];
    const expected = [
      ...members.map((m) => ({
        id: `${m.id} birthday`,
        date: nextCelebration(m.birthday!, today),
        name: m.lastname,
      })),
      { id: `${ben.id} anniversary`, date: nextCelebration(ben.entry_date!, today), name: ben.lastname },
    ]
      .sort(
        (a, b) => a.date.localeCompare(b.date) || a.name.toLowerCase().localeCompare(b.name.toLowerCase()),
      )
      .map((entry) => `${entry.id} ${entry.date}`);
    const page = async (limit: number, offset: number) =>
      (
        await occasionsRepo.page(
          t.db,
          today,
          ['birthday', 'anniversary'],
          [
            sql`u.id in (${sql.join(
              members.map((m) => sql`${m.id}`),
              sql`, `,
            )})`,
          ],
          limit,
          offset,
        )
      ).map((row) => `${row.user_id} ${row.type} ${row.date}`);
    expect(await page(48, 0)).toEqual(expected);
    expect(await page(2, 2)).toEqual(expected.slice(2, 4));
    // The total counts by plain dates what the pages list by celebrations, at the edges too: a birth less
    // or more than a year ahead, an entry today, the day after, and 29 February.
    const early = await buildUser(
      t.db,
      { firstname: 'Fritz', lastname: 'Früh' },
      { birthday: '2030-03-01', entry_date: '2029-06-15' },
    );
    const some = [sql`u.id in (${early.id}, ${leap.id}, ${zorn.id})`];
    for (const day of ['2029-02-01', '2029-02-28', '2029-06-15', '2029-06-16', '2029-12-31', '2030-03-01']) {
      const listed = await occasionsRepo.page(t.db, day, ['birthday', 'anniversary'], some, 48, 0);
      expect(await occasionsRepo.count(t.db, day, ['birthday', 'anniversary'], some), day).toBe(
        listed.length,
      );
      // Any window is the same slice of the whole list, whether this year's celebrations fill it or
      // next year's are needed (next year's part is read only for what this year's leaves).
      for (const [size, from] of [
        [1, 0],
        [2, 1],
        [1, 2],
        [3, 3],
      ] as const) {
        const window = await occasionsRepo.page(t.db, day, ['birthday', 'anniversary'], some, size, from);
        expect(window, `${day} ${size}@${from}`).toEqual(listed.slice(from, from + size));
      }
    }
  });

  it('keeps the unfiltered total in step with members whose dates, terms, listing or account change', async () => {
    const both: ('birthday' | 'anniversary')[] = ['birthday', 'anniversary'];
    const days = ['2029-02-28', '2029-06-15', localToday()];
    // The unfiltered total starts from the kept counts; a condition that holds for everyone counts the
    // members themselves: after each change both must agree, on every day, for each type and for both.
    const expectCounted = async (step: string) => {
      for (const day of days) {
        for (const types of [['birthday'], ['anniversary'], both] as const) {
          const counted = await occasionsRepo.count(t.db, day, types, [sql`true`]);
          expect(await occasionsRepo.count(t.db, day, types, []), `${step} ${day} ${types}`).toBe(counted);
        }
      }
    };
    await expectCounted('before');
    const before = await occasionsRepo.count(t.db, days[1]!, both, []);
    const newcomer = await buildUser(
      t.db,
      { firstname: 'Nora', lastname: 'Neuling' },
      { birthday: '1999-06-20', entry_date: '2020-06-01' },
    );
    await expectCounted('a member with both dates joined');
    expect(await occasionsRepo.count(t.db, days[1]!, both, [])).toBe(before + 2);
    const change = async (step: string, values: Partial<typeof users.$inferInsert>) => {
      await t.db.update(users).set(values).where(eq(users.id, newcomer.id));
      await expectCounted(step);
    };
    await change('the entry date removed', { entry_date: null });
    await change('a birth a year and more ahead', { birthday: '2030-06-16' });
    await change('the terms not accepted', { agb_nda_accepted: false });
    await change('the terms accepted again, an entry ahead', {
      agb_nda_accepted: true,
      entry_date: '2029-07-01',
    });
    await change('deactivated', { deactivated_at: new Date() });
    await change('reactivated, dates back', {
      deactivated_at: null,
      birthday: '1999-06-20',
      entry_date: '2020-06-01',
    });
    expect(await occasionsRepo.count(t.db, days[1]!, both, [])).toBe(before + 2);
    await t.db.delete(users).where(eq(users.id, newcomer.id));
    await expectCounted('deleted');
    expect(await occasionsRepo.count(t.db, days[1]!, both, [])).toBe(before);
  });
});
