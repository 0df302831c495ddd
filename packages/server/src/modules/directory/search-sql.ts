import { type SQL, sql } from 'drizzle-orm';
import { type BuiltinSearchField, fieldDocument, foldName, typoQuery } from '../users';

/** Most words of a search text that are used. */
const maxWords = 8;

/** The words of a search text: runs of letters and digits, lower-cased, at most eight. */
export function searchWords(text: string | undefined): string[] {
  if (!text) return [];
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, maxWords);
}

/**
 * A tsquery that needs every word, each as a prefix of a name ('simple') or of a German or English
 * stem: "Luk" finds Lukas, "Entwicklung" finds Entwickler, "developers" finds Developer. A name is also
 * found by its folded spelling (Muller, Mueller: Müller) and despite one wrong letter (Fisher: Fischer;
 * users/name-fold-sql.ts). Words are letters and digits only, so `word:*` is always a valid tsquery term.
 */
export function prefixQuery(words: readonly string[]): SQL {
  const parts = words.map((word) => {
    const term = `${word}:*`;
    const folded = `${foldName(word)}:*`;
    const typos = typoQuery(word);
    return sql`(to_tsquery('simple', ${term}) || to_tsquery('german', ${term}) || to_tsquery('english', ${term}) || to_tsquery('simple', ${folded})${typos ? sql` || ${typos}` : sql``})`;
  });
  // A sub-select, so PostgreSQL builds the query once per statement (an InitPlan): as an expression it is
  // built again for every row that a prepared statement's generic plan tests or ranks (the stemming
  // included), which made a search for a common word two to three times slower.
  return sql`(select ${sql.join(parts, sql` && `)})`;
}

/** The text with the LIKE wildcards escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for ILIKE with the wildcards of the text escaped. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** `users u` whose whole search document has every word (as a prefix or a stem). */
export const matchesWords = (words: readonly string[]): SQL => sql`u.search_vector @@ ${prefixQuery(words)}`;

/**
 * The condition and ranking of a search text, over the whole document or one search field. A field's
 * words are part of the whole document, so the indexed document narrows the rows before the field's
 * own document is built for them; the ranking is the whole document's.
 */
export function textMatch(
  words: string[],
  field: BuiltinSearchField | { customFieldId: number } | undefined,
): { where: SQL; rank: SQL } {
  const query = prefixQuery(words);
  const whole = sql`u.search_vector @@ ${query}`;
  const rank = sql`ts_rank(u.search_vector, ${query})`;
  if (!field) return { where: whole, rank };
  const document = fieldDocument(field);
  return { where: sql`${whole} and ${document} @@ ${query}`, rank };
}
