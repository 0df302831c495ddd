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
 * Tsqueries that need every word, each as a prefix of a name ('simple') or of a German or English stem:
 * "Luk" finds Lukas, "Entwicklung" finds Entwickler, "developers" finds Developer. `exact` takes the words
 * as written (a name also by its folded spelling: Muller, Mueller: Müller); `tolerant` also finds a name
 * despite one wrong letter (Fisher: Fischer; users/name-fold-sql.ts). Words are letters and digits only,
 * so `word:*` is always a valid tsquery term.
 */
export function wordQueries(words: readonly string[]): { exact: SQL; tolerant: SQL } {
  const exact: SQL[] = [];
  const tolerant: SQL[] = [];
  for (const word of words) {
    const term = `${word}:*`;
    const written = [
      sql`to_tsquery('simple', ${term})`,
      sql`to_tsquery('german', ${term})`,
      sql`to_tsquery('english', ${term})`,
      sql`to_tsquery('simple', ${`${foldName(word)}:*`})`,
    ];
    const typos = typoQuery(word);
    exact.push(anyOf(written));
    tolerant.push(anyOf(typos ? [...written, typos] : written));
  }
  // Sub-selects, so PostgreSQL builds each query once per statement (an InitPlan): as an expression it is
  // built again for every row that a prepared statement's generic plan tests or ranks (the stemming
  // included), which made a search for a common word two to three times slower.
  return {
    exact: sql`(select ${sql.join(exact, sql` && `)})`,
    tolerant: sql`(select ${sql.join(tolerant, sql` && `)})`,
  };
}

/**
 * Any of the tsqueries, each once: a name's stems are often the name itself ("berlin" in all three
 * languages), and every repeated prefix was another walk through the index and another test per match
 * (a quarter of a common word's search). A stop word's empty query is left out.
 */
function anyOf(queries: SQL[]): SQL {
  return sql`(select string_agg(distinct '(' || q::text || ')', ' | ')::tsquery from unnest(array[${sql.join(queries, sql`, `)}]) as q where numnode(q) > 0)`;
}

/** The text with the LIKE wildcards escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for ILIKE with the wildcards of the text escaped. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** `users u` whose whole search document has every word (as a prefix or a stem, or despite a typo). */
export const matchesWords = (words: readonly string[]): SQL =>
  sql`u.search_vector @@ ${wordQueries(words).tolerant}`;

/**
 * The condition and ranking of a search text, over the whole document or one search field. A field's
 * words are part of the whole document, so the indexed document narrows the rows before the field's
 * own document is built for them; the ranking is the whole document's.
 *
 * The ranking is two sort keys, best first: members found by the words as written, by their rank; then
 * those found only despite a typo, the closer first. Ranking every match against the typo forms too (a
 * dozen per word) took three times as long for a common word, whose matches are nearly all exact.
 */
export function textMatch(
  words: string[],
  field: BuiltinSearchField | { customFieldId: number } | undefined,
): { where: SQL; rank: SQL[] } {
  const { exact, tolerant } = wordQueries(words);
  const whole = sql`u.search_vector @@ ${tolerant}`;
  const rank = [
    sql`ts_rank(u.search_vector, ${exact})`,
    sql`case when u.search_vector @@ ${exact} then 0 else ts_rank(u.search_vector, ${tolerant}) end`,
  ];
  if (!field) return { where: whole, rank };
  const document = fieldDocument(field);
  return { where: sql`${whole} and ${document} @@ ${tolerant}`, rank };
}
