import { genders, userStatuses } from '@plaza/contract';
import { hashPassword } from '../../packages/server/src/platform/passwords';
import { benchPassword, superadminUsername } from './accounts';
import { type Area, type FillContext, literal } from './context';
import {
  areas,
  companies,
  firstnames,
  hobbies,
  languages,
  lastnames,
  locations,
  positions,
  skills,
  specialTasks,
} from './words';

/** Members at scale 1; the superadmin is one more, after them. */
export const membersAtScale1 = 10_000;

/** The number of members at this scale (ids 1 to it); the superadmin's id is one more. */
export const memberCount = (ctx: FillContext) => ctx.count(membersAtScale1, 20);

const departments = areas.map((area, i) => ({ value: `d${i}`, labels: { de_DE: area, en_GB: area } }));

/**
 * `count` distinct picks of a word list for row `i` (1 to `max` words, more of them rare), as a text[].
 * Sorted, so the same picks always give the same array.
 */
function somePicks(ctx: FillContext, list: readonly string[], max: number, stream: string): string {
  const { pick, rand } = ctx.random;
  const picks = Array.from({ length: max }, (_, n) => pick(list, 'i', `${stream}.${n}`));
  const howMany = `1 + floor(${rand('i', `${stream}.count`)} ^ 2 * ${max})::int`;
  return `array(select distinct w from unnest((array[${picks.join(', ')}])[1:${howMany}]) w order by w)`;
}

/** Members with full profiles, the superadmin, two custom profile fields with values, and follows. */
export const people: Area = {
  name: 'people',
  async fill(ctx) {
    const { rand, below, pick, hash } = ctx.random;
    const members = memberCount(ctx);
    // The follows here and the likes (reactions.ts) stride through the members by this prime.
    if (members >= 104_729)
      throw new Error('at most 104,728 members (scale 10.47): the strides repeat after that');
    // One scrypt hash for everyone: hashing 10,000 passwords would take minutes and prove nothing.
    const passwordHash = literal(await hashPassword(benchPassword));
    const years = (n: number) => `make_interval(days => ${n * 365})`;

    await ctx.table(
      'users',
      `insert into users (id, username, email, password_hash, firstname, lastname, position, location_names,
         special_tasks, birthday, is_birth_year_visible, entry_date, gender, selected_language, agb_nda_accepted,
         areas, skills, languages, careers, status, last_seen_at, created_at, updated_at)
       overriding system value
       select i, 'member' || i, 'member' || i || '@bench.example', ${passwordHash},
         ${pick(firstnames, 'i', 'users.firstname')}, ${pick(lastnames, 'i', 'users.lastname')},
         ${pick(positions, 'i', 'users.position')},
         case when ${rand('i', 'users.two_locations')} < 0.1
           then array[${pick(locations, 'i', 'users.location')}, ${pick(locations, 'i', 'users.location2')}]
           else array[${pick(locations, 'i', 'users.location')}] end,
         case when ${rand('i', 'users.has_tasks')} < 0.15 then ${somePicks(ctx, specialTasks, 2, 'users.tasks')}
           else '{}'::text[] end,
         date '1960-01-01' + ${below('i', 'users.birthday', 16_400)},
         ${rand('i', 'users.birth_year_visible')} < 0.7,
         (${ctx.now})::date - ${below('i', 'users.entry', 25 * 365)},
         ${pick(genders, 'i', 'users.gender')},
         case when ${rand('i', 'users.language')} < 0.8 then 'de_DE' else 'en_GB' end,
         true,
         ${somePicks(ctx, areas, 2, 'users.areas')},
         ${somePicks(ctx, skills, 4, 'users.skills')},
         ${somePicks(ctx, languages, 3, 'users.languages')},
         case when ${rand('i', 'users.has_career')} < 0.3 then jsonb_build_array(jsonb_build_object(
           'title', ${pick(positions, 'i', 'users.career_title')},
           'company', ${pick(companies, 'i', 'users.career_company')},
           'from', (2008 + ${below('i', 'users.career_from', 6)}) || '-03', 'to', '2019-09'))
           else '[]'::jsonb end,
         ${pick(userStatuses, 'i', 'users.status')},
         ${ctx.now} - make_interval(mins => ${below('i', 'users.last_seen', 60 * 24 * 30)}),
         ${ctx.now} - ${years(5)} * (1 - i::float8 / ${members}),
         ${ctx.now} - ${years(5)} * (1 - i::float8 / ${members})
       from generate_series(1, ${members}) i`,
      `insert into users (id, username, email, password_hash, firstname, lastname, position, agb_nda_accepted,
         permissions, created_at, updated_at)
       overriding system value
       values (${members + 1}, ${literal(superadminUsername)}, 'bench.admin@bench.example', ${passwordHash},
         'Bench', 'Admin', 'Intranet-Redaktion', true, array['superadmin'], ${ctx.now} - ${years(5)},
         ${ctx.now} - ${years(5)})`,
    );

    await ctx.table(
      'profile_fields',
      `insert into profile_fields (id, key, type, labels, options, searchable, filterable, position)
       overriding system value values
       (1, 'department', 'select', '{"de_DE": "Abteilung", "en_GB": "Department"}',
         ${literal(JSON.stringify(departments))}::jsonb, true, true, 0),
       (2, 'hobbies', 'text', '{"de_DE": "Hobbys", "en_GB": "Hobbies"}', '[]', true, false, 1)`,
    );
    await ctx.table(
      'user_profile_field_values',
      `insert into user_profile_field_values (user_id, field_id, values)
       select i, 1, array['d' || ${below('i', 'values.department', departments.length)}]
       from generate_series(1, ${members}) i
       union all
       select i, 2, array[${pick(hobbies, 'i', 'values.hobby')}]
       from generate_series(1, ${members}) i
       where ${rand('i', 'values.has_hobby')} < 0.6`,
    );

    // Each member follows up to 9 others (most follow few). A stride through the members that is a prime
    // larger than any member count never meets the same member twice.
    await ctx.table(
      'user_follows',
      `insert into user_follows (follower_id, followed_id, created_at)
       select i, followed, ${ctx.now} - make_interval(days => ${below('i * 16 + j', 'follows.at', 700)})
       from generate_series(1, ${members}) i
       cross join lateral generate_series(1, floor(${rand('i', 'follows.count')} ^ 2 * 10)::int) j
       cross join lateral (select 1 + (${hash('i', 'follows.start')} + j * 104729) % ${members} as followed) f
       where followed <> i`,
    );
  },
};
