/** Control, zero-width and bidi-override characters, replaced by spaces. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const invisible = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;

/** UTF-16 surrogates without their partner (an oEmbed JSON may carry them); jsonb cannot store them. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Plain text from page metadata (already decoded from HTML or JSON): control, zero-width and bidi
 * characters become spaces, unpaired surrogates U+FFFD, spaces are collapsed and the length capped.
 * The text is shown as text (escaped by React), so nothing else is removed: a title such as
 * `List<T> & Map<K, V>` stays as the page wrote it.
 */
export function cleanText(value: string | null | undefined, maxLength: number): string | null {
  if (!value) return null;
  const text = value.replace(invisible, ' ').replace(loneSurrogate, '\uFFFD').replace(/\s+/g, ' ').trim();
  if (!text) return null;
  if (text.length <= maxLength) return text;
  // The cut never splits a surrogate pair (half an emoji would be an unpaired surrogate).
  return `${text
    .slice(0, maxLength - 1)
    .replace(/[\uD800-\uDBFF]$/, '')
    .trimEnd()}…`;
}

/** An absolute http(s) address from a (possibly relative) reference, or null. */
export function absoluteHttpUrl(reference: string | null | undefined, base: URL | string): string | null {
  if (!reference) return null;
  try {
    const url = new URL(reference.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    const text = url.toString();
    return text.length <= 2048 ? text : null;
  } catch {
    return null;
  }
}
