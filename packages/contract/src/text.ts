import { z } from 'zod';

/*
 * THE RULE FOR TEXT, written once for every string the API accepts (request bodies, query parameters
 * and path parameters are all built from `text()` below; no route has a rule of its own):
 *
 * - Refused with a 400 `validation_failed` that names the field, never stripped:
 *   - U+0000 (NUL): PostgreSQL cannot store it in `text` or `jsonb` columns;
 *   - unpaired UTF-16 surrogates (U+D800 to U+DFFF without their partner): they are not characters.
 *     The database driver would store them as U+FFFD, `jsonb` refuses them and the HTML sanitiser's
 *     parser replaces them, so the text stored would not be the text sent.
 *   Refusing holds for free text as well: what is stored is exactly what was sent, or nothing is.
 *   No keyboard, paste or editor produces either, so only a broken or hostile client meets the refusal.
 * - Kept as sent: everything else, such as line breaks and tabs, emoji (surrogate pairs), combining
 *   marks, right-to-left text, `<`, `&` and quotes.
 * - Lengths (`.min`, `.max`) count code points, as PostgreSQL's `char_length` does: an emoji of one
 *   code point is one, each combining mark is one more. (The browser's `maxlength` counts UTF-16 code
 *   units, so a form never lets through more than the schema allows.)
 *
 * Two kinds of member text, by how the web app shows it:
 * - `plainTextField`: shown as text (React escapes it). Stored verbatim (only trimmed) within its
 *   length limit; the server never removes markup from it, so `a<b` or `List<string>` stays as typed.
 * - `richTextField`: HTML from the editor, shown as HTML. The server sanitises it with its strict
 *   allow-list before storing (posts).
 * The limits of both live in `constants.ts` (`limits`) and `profile.ts` (`profileLimits`).
 */

/** A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text is refused, or null when it may be stored. */
export function unstorableTextReason(value: string): string | null {
  const match = unstorable.exec(value);
  if (!match) return null;
  // Counted in characters (code points), as lengths are.
  const at = `at character ${textLength(value.slice(0, match.index)) + 1}`;
  return match[0] === '\u0000'
    ? `must not contain a NUL character (U+0000), found ${at}`
    : `must not contain an unpaired surrogate (U+${match[0].charCodeAt(0).toString(16).toUpperCase()}), found ${at}`;
}

/** A text's length as the schemas and PostgreSQL count it: code points, not UTF-16 code units. */
export function textLength(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/** The check behind `text()`; shared, so a test can tell that a string schema carries it. */
export const textRule = z.superRefine((value: string, ctx) => {
  const reason = unstorableTextReason(value);
  if (reason) ctx.addIssue({ code: 'custom', message: reason, input: value });
});

/** Any string the API accepts: the rule above, then whatever the field adds (trim, lengths, patterns). */
export function text(): z.ZodString {
  return z.string().check(textRule);
}

/** Text the web shows as text: trimmed, not empty, at most `max` code points, stored verbatim. */
export function plainTextField(max: number): z.ZodString {
  return text().trim().min(1).max(max);
}

/** HTML from the rich-text editor: trimmed, not empty, at most `max` code points; sanitised by the server. */
export function richTextField(max: number): z.ZodString {
  return text().trim().min(1).max(max);
}

/** Optional plain text: trimmed, at most `max`; empty becomes null. */
export function optionalPlainTextField(max: number) {
  return text()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable();
}
