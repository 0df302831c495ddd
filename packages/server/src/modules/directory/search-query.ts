import { type SQL, sql } from 'drizzle-orm';

/** Most words of a search text that are used. */
const maxWords = 8;

/** The words of a search text: runs of letters and digits, lower-cased, at most eight. */
export function searchWords(text: string | undefined): string[] {
  if (!text) return [];
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, maxWords);
}

/**
 * A tsquery that needs every word, each as a prefix of a name ('simple') or of a German or English
 * stem: "Luk" finds Lukas, "Entwicklung" finds Entwickler, "developers" finds Developer. Words are
 * letters and digits only, so `word:*` is always a valid tsquery term.
 */
export function prefixQuery(words: readonly string[]): SQL {
  const parts = words.map((word) => {
    const term = `${word}:*`;
    return sql`(to_tsquery('simple', ${term}) || to_tsquery('german', ${term}) || to_tsquery('english', ${term}))`;
  });
  return sql`(${sql.join(parts, sql` && `)})`;
}

/** The text with the LIKE wildcards escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for ILIKE with the wildcards of the text escaped. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
