/** Control, zero-width and bidi-override characters, replaced by spaces. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const invisible = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;

/** Plain text from page metadata: markup and control characters removed, spaces collapsed, capped. */
export function cleanText(value: string | null | undefined, maxLength: number): string | null {
  if (!value) return null;
  const text = value
    .replace(/<[^>]*>?/g, ' ')
    .replace(invisible, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  if (text.length <= maxLength) return text;
  return `${text.slice(0, maxLength - 1).trimEnd()}…`;
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
