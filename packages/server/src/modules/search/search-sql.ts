import { type SQL, sql } from 'drizzle-orm';

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

/** The ids of the groups the searcher is an accepted member of, as an array run once per statement. */
const memberGroupIds = (searcher: Searcher) =>
  sql`array(select m.group_id from group_memberships m where m.user_id = ${searcher.id} and m.status = 'accepted')`;

/**
 * Groups `g` the searcher may know of (groups/policy.ts `canSeeGroup`): all but private ones, which only
 * their members and superadmins see.
 */
export function seeableGroups(searcher: Searcher): SQL {
  if (searcher.superadmin) return sql`true`;
  return sql`(g.type <> 'private' or g.id = any(${memberGroupIds(searcher)}))`;
}

/**
 * Groups `g` whose content (topics, posts) the searcher may read (groups/policy.ts
 * `canReadGroupContent`): open groups, the searcher's own groups, every group for superadmins.
 */
export function readableGroupContent(searcher: Searcher): SQL {
  if (searcher.superadmin) return sql`true`;
  return sql`(g.type = 'open' or g.id = any(${memberGroupIds(searcher)}))`;
}

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
