import { employmentTypes, jobFields } from '@plaza/contract';
import { type Area, textArray } from './context';
import { locationCount } from './ratings';
import { closings, openings, positions, subjects } from './words';

/** Jobs at scale 1: a large employer's board over about a year, most of them open. */
export const jobsAtScale1 = 2_000;

/** The location of the jobs list's filtered scenario (bench/http/jobs.ts): the first, as many as others. */
export const benchJobLocation = 1;

/**
 * Jobs of every state (about 85 % open, 10 % closed, 5 % drafts) at the locations of the ratings area,
 * across fields, employment types and both languages; published over the last year, one about every
 * four hours, so the members' list (newest first) has many pages. The search document is a generated
 * column, filled by PostgreSQL.
 */
export const jobs: Area = {
  name: 'jobs',
  async fill(ctx) {
    const { rand, below, pick } = ctx.random;
    const count = ctx.count(jobsAtScale1, 40);
    const locations = locationCount(ctx);
    const state = `(case when ${rand('n', 'jobs.state')} < 0.85 then 'open' when ${rand('n', 'jobs.state')} < 0.95 then 'closed' else 'draft' end)`;
    const sentence = (stream: string) =>
      `${pick(openings, 'n', `${stream}.opening`)} || ' ' || ${pick(subjects, 'n', `${stream}.subject`)} || '. ' || ${pick(closings, 'n', `${stream}.closing`)}`;
    await ctx.table(
      'jobs',
      `insert into jobs (id, state, title, locale, field, location_id, employment_type, available_in, tasks,
         profile, offer, created_at, updated_at, published_at, closed_at) overriding system value
       select n, s, ${pick(positions, 'n', 'jobs.title')} || ' ' || n,
         case when n % 4 = 0 then 'en_GB' else 'de_DE' end,
         ${pick(jobFields, 'n', 'jobs.field')},
         1 + ${below('n', 'jobs.location', locations)},
         ${pick(employmentTypes, 'n', 'jobs.type')},
         case when n % 3 = 0 then null else (${ctx.now} + (${below('n', 'jobs.available', 180)} || ' days')::interval)::date end,
         ${textArray(['Aufgaben planen', 'Im Team abstimmen', 'Ergebnisse berichten'])},
         ${sentence('jobs.profile')}, ${sentence('jobs.offer')},
         p - interval '2 days', p, case when s = 'draft' then null else p end,
         case when s = 'closed' then p + interval '20 days' end
       from (
         select n, ${state} as s, ${ctx.now} - ((${count} - n) * interval '${(4 * 3600) / ctx.density} seconds') - interval '1 hour' as p
         from generate_series(1, ${count}) n
       ) j`,
    );
  },
};
