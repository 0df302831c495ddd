import { type SQL, sql } from 'drizzle-orm';
import { visibleGroups } from '../groups';

/**
 * Query pieces of the search across the community. The statement of the posts of a word too rare for
 * the newest posts carries every value inline (`repo.ts` runs it with `inlineParams()`): PostgreSQL then
 * plans it with the word's frequency, and its text, different for every term, never takes the slots of
 * the prepared hot queries (db/prepared-statements.ts prepares only statements with parameters). The
 * others are prepared with the words as parameters (`repo.ts` tells why).
 */

/** Who searches: the member and whether they are a superadmin (who sees every group). */
export interface Searcher {
  id: number;
  superadmin: boolean;
}

/**
 * A tsquery that needs every word, each as a prefix of a German or English stem or of the word as
 * written: "Entw" finds Entwicklung, "Häuser" finds Haus, "meetings" finds meeting. The words are letters
 * and digits only (directory `searchWords`), so `word:*` is always a valid tsquery term.
 */
export function searchQuery(words: readonly string[]): SQL {
  const parts = words.map((word) => {
    const term = `${word}:*`;
    return sql`(to_tsquery('simple', ${term}) || to_tsquery('german', ${term}) || to_tsquery('english', ${term}))`;
  });
  return sql`(${sql.join(parts, sql` && `)})`;
}

/** A group `g` of the statement, as the group visibility rule reads it. */
const g = { id: sql`g.id`, type: sql`g.type` };

/**
 * Groups `g` the searcher may know of (`visibleGroups` of the groups module, the rule of
 * `can(viewer, 'see', group)`): all but private ones, which only their members and superadmins see.
 */
export function seeableGroups(searcher: Searcher): SQL {
  return visibleGroups(searcher, 'see', g) ?? sql`true`;
}

/**
 * Groups `g` whose content (topics, posts) the searcher may read (`visibleGroups` of the groups
 * module, the rule of `can(viewer, 'read_content', group)`): open groups, the searcher's own groups,
 * every group for superadmins.
 */
export function readableGroupContent(searcher: Searcher): SQL {
  return visibleGroups(searcher, 'read_content', g) ?? sql`true`;
}

/** A file `f` of its group itself, or of an active topic `t` (a suggested topic's files stay out of sight). */
export const fileOfActiveTopic = sql`(f.topic_id is null or t.status = 'active')`;

/** The page types as an SQL list of values, for `type in (...)`. */
export const typeList = (types: readonly string[]): SQL =>
  sql.join(
    types.map((type) => sql`${type}`),
    sql`, `,
  );

/** Pages `p` of the given types a member may read: published, publish date reached (both visibilities). */
export function readablePages(types: readonly string[], now: Date): SQL {
  return sql`p.type in (${typeList(types)}) and p.published and p.publish_date <= ${now.toISOString()}::timestamptz`;
}

/** A page's title in the locale (its translation when it has one). */
export const localisedTitle = (locale: string) =>
  sql`coalesce(nullif(p.translations -> ${locale} ->> 'title', ''), p.title)`;
