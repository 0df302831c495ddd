import type { Settings } from '@plaza/contract';
import { type SQL, sql } from 'drizzle-orm';
import { toleratedNames } from './name-fold-sql';

/**
 * The full-text documents of a member (`users u`), one per search field, in SQL. Names are indexed
 * unstemmed ('simple', so prefixes of names match); everything else with German and English
 * stemming at once, so words of either language are found.
 */

/** A text array as one string. */
const joined = (column: string) => sql.raw(`coalesce(array_to_string(u.${column}, ' '), '')`);

/** German and English stems of a text. */
export const bilingual = (text: SQL) =>
  sql`(to_tsvector('german', ${text}) || to_tsvector('english', ${text}))`;

/** The text of one member's custom field values: stored values plus every locale's option label. */
function customFieldText(fieldFilter: SQL): SQL {
  return sql`coalesce((
    select string_agg(v.val || coalesce(' ' || (
      select string_agg(l.value, ' ')
      from jsonb_array_elements(case when jsonb_typeof(f.options) = 'array' then f.options else '[]'::jsonb end) o,
        jsonb_each_text(case when jsonb_typeof(o->'labels') = 'object' then o->'labels' else '{}'::jsonb end) l
      where o->>'value' = v.val
    ), ''), ' ')
    from user_profile_field_values pv
    join profile_fields f on f.id = pv.field_id and f.searchable
    cross join lateral unnest(pv.values) as v(val)
    where pv.user_id = u.id and ${fieldFilter}
  ), '')`;
}

const nameText = sql`coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '') || ' ' || coalesce(u.username, '')`;

/** The built-in search fields with the column text they search and the `included_profile_*` flag that may hide it. */
const builtinFields = {
  name: { text: nameText, flag: null },
  position: { text: sql`coalesce(u.position, '')`, flag: 'position' },
  locations: { text: joined('location_names'), flag: 'locations' },
  areas: { text: joined('areas'), flag: 'areas' },
  skills: { text: joined('skills'), flag: 'skills' },
  special_tasks: { text: joined('special_tasks'), flag: 'special_tasks' },
  languages: { text: joined('languages'), flag: 'languages' },
} as const;
export type BuiltinSearchField = keyof typeof builtinFields;

/** Whether the deployment shows a built-in field in profiles (off: it is neither searched nor a filter). */
export function isFieldIncluded(settings: Settings, field: BuiltinSearchField): boolean {
  const flag = builtinFields[field].flag;
  if (!flag) return true;
  return settings.profile_options[`included_profile_${flag}`] !== false;
}

/** The tsvector of one search field of `users u`, built on the fly (for the extended search). */
export function fieldDocument(field: BuiltinSearchField | { customFieldId: number }): SQL {
  if (typeof field === 'object') return bilingual(customFieldText(sql`pv.field_id = ${field.customFieldId}`));
  if (field === 'name') return sql`(to_tsvector('simple', ${nameText}) || ${toleratedNames(nameText)})`;
  return bilingual(builtinFields[field].text);
}

/**
 * The whole document of `users u`: names (weight A; folded and with typo forms, name-fold-sql.ts), position and skills (B), title, locations,
 * areas, special tasks, languages and searchable custom fields (C); fields the settings hide are left out.
 */
export function memberDocument(settings: Settings): SQL {
  const shown = (field: BuiltinSearchField) =>
    isFieldIncluded(settings, field) ? builtinFields[field].text : sql`''`;
  const title =
    settings.profile_options.included_profile_title === false ? sql`''` : sql`coalesce(u.title, '')`;
  return sql`setweight(to_tsvector('simple', ${nameText}), 'A')
    || ${toleratedNames(nameText)}
    || setweight(${bilingual(sql`${shown('position')} || ' ' || ${shown('skills')}`)}, 'B')
    || setweight(${bilingual(
      sql`${title} || ' ' || ${shown('locations')} || ' ' || ${shown('areas')} || ' ' || ${shown('special_tasks')} || ' ' || ${shown('languages')} || ' ' || ${customFieldText(sql`true`)}`,
    )}, 'C')`;
}
