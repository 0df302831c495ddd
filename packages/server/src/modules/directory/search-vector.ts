import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Joins a text array into one string (null and empty entries dropped). */
const joined = (column: string) => `coalesce(array_to_string(u.${column}, ' '), '')`;

/** The text of a member's searchable custom profile fields: stored values plus every locale's option label. */
const customFieldText = `coalesce((
  select string_agg(v.val || coalesce(' ' || (
    select string_agg(l.value, ' ')
    from jsonb_array_elements(case when jsonb_typeof(f.options) = 'array' then f.options else '[]'::jsonb end) o,
      jsonb_each_text(case when jsonb_typeof(o->'labels') = 'object' then o->'labels' else '{}'::jsonb end) l
    where o->>'value' = v.val
  ), ''), ' ')
  from user_profile_field_values pv
  join profile_fields f on f.id = pv.field_id and f.searchable
  cross join lateral unnest(pv.values) as v(val)
  where pv.user_id = u.id
), '')`;

/** Stems a text with both German and English rules so words of either language are found. */
const bilingual = (text: string) => `(to_tsvector('german', ${text}) || to_tsvector('english', ${text}))`;

/**
 * The full-text document of `users u`: names unstemmed (weight A), position and skills (B), title,
 * locations, areas, special tasks, languages and searchable custom fields (C).
 */
const documentSql = `
  setweight(to_tsvector('simple', coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '') || ' ' || coalesce(u.username, '')), 'A')
  || setweight(${bilingual(`coalesce(u.position, '') || ' ' || ${joined('skills')}`)}, 'B')
  || setweight(${bilingual(
    `coalesce(u.title, '') || ' ' || ${joined('location_names')} || ' ' || ${joined('areas')} || ' ' || ${joined('special_tasks')} || ' ' || ${joined('languages')} || ' ' || ${customFieldText}`,
  )}, 'C')`;

function update(where: SQL): SQL {
  return sql`update users u set search_vector = ${sql.raw(documentSql)} where ${where}`;
}

/** Rebuilds one member's `users.search_vector` (call after every change of the profile or custom field values). */
export async function refreshUserSearchVector(db: Db, userId: number): Promise<void> {
  await db.execute(update(sql`u.id = ${userId}`));
}

/** Rebuilds the search vectors of the given members, or of every member when no ids are given (seed, field changes). */
export async function refreshUserSearchVectors(db: Db, userIds?: readonly number[]): Promise<void> {
  if (userIds && userIds.length === 0) return;
  const where = userIds
    ? sql`u.id in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`true`;
  await db.execute(update(where));
}
