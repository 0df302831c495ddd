import { type SQL, sql } from 'drizzle-orm';

/**
 * Tolerance of the people search for spellings of names, the same on both sides: the documents
 * (SQL, here) and the search words (JS, here too). Neither `unaccent` nor `pg_trgm` is needed, so it
 * works alike on PGlite and PostgreSQL without extensions:
 *
 * - folding: lower case, ß as ss, accents dropped, then ae/oe/ue as a/o/u, so Müller, Mueller and
 *   Muller are one name;
 * - one-letter typos: a folded name word of at least `fuzzyMinLength` letters is also indexed in typo
 *   forms: `~word`, `=word` with each letter left out, and `~<position>.word` with the letter at that
 *   position left out. A search word asks for the forms that mean exactly one letter apart: `=search`
 *   (it lacks a letter: Fisher, Fischer), `~search` with each letter left out (it has one too many) and
 *   `~<position>.search` with each letter left out (one letter replaced).
 */

/** Shorter words get no typo forms: among short names one letter more or less is another name. */
export const fuzzyMinLength = 5;

/** Marks the typo forms in the document (no parsed word starts with it). */
const mark = '~';

/**
 * A lexeme every document built with these rules carries; a document without it predates them and
 * is rebuilt when the app starts (users/search-vector.ts).
 */
export const documentVersionLexeme = `${mark}v2`;

const accented = 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿ';
const plain = 'aaaaaaceeeeiiiinooooouuuuyy';

/** The folded form of a text (JS side): `Müller` -> `muller`, `Schäfer` -> `schafer`. */
export function foldName(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ae/g, 'a')
    .replace(/oe/g, 'o')
    .replace(/ue/g, 'u');
}

/** The folded form of a text (SQL side), the same as `foldName` for German and the common accents. */
export function foldSql(text: SQL): SQL {
  return sql`replace(replace(replace(translate(replace(lower(${text}), 'ß', 'ss'), ${accented}, ${plain}), 'ae', 'a'), 'oe', 'o'), 'ue', 'u')`;
}

/** The typo forms a search word asks for (see above), from its folded form. */
export function typoForms(word: string): string[] {
  if (word.length < fuzzyMinLength) return [];
  const forms = new Set([`=${word}`]);
  for (let i = 0; i < word.length; i++) {
    const without = `${word.slice(0, i)}${word.slice(i + 1)}`;
    forms.add(`${mark}${without}`);
    forms.add(`${mark}${i + 1}.${without}`);
  }
  return [...forms];
}

/** A tsquery matching any typo form of a search word, or null for a short word. */
export function typoQuery(word: string): SQL | null {
  const forms = typoForms(foldName(word));
  if (forms.length === 0) return null;
  // Words are letters and digits only (directory/search-sql.ts), so quoting them is safe.
  return sql`${forms.map((form) => `'${form}'`).join(' | ')}::tsquery`;
}

/**
 * The name part of a document: the folded names (prefixes match, weight A) and the typo forms of their
 * words (weight D, so exact matches rank first), with the version lexeme.
 */
export function toleratedNames(text: SQL): SQL {
  const folded = foldSql(text);
  const without = sql.raw('left(w, i - 1) || substr(w, i + 1)');
  const typos = sql`array_to_tsvector(array(
    select distinct form
    from regexp_split_to_table(${folded}, '[^[:alnum:]]+') as w
    cross join lateral (
      select ${mark} || w
      union all select '=' || ${without} from generate_series(1, length(w)) as i
      union all select ${mark} || i || '.' || ${without} from generate_series(1, length(w)) as i
    ) as forms(form)
    where length(w) >= ${fuzzyMinLength}
    union select ${documentVersionLexeme}
  ))`;
  return sql`(setweight(to_tsvector('simple', ${folded}), 'A') || setweight(${typos}, 'D'))`;
}
