/**
 * The words of a rich text (sanitised markup) for a preview or an excerpt, without a DOM: the same in the
 * browser and in the server's render of a page (server-render.tsx has no `DOMParser`), so the app takes the
 * server's drawing over unchanged. Tags go, character references are read; nothing is rendered as HTML.
 */

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Character references (`&amp;`, `&#228;`, `&#xE4;`) as the characters they stand for. */
function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (reference, body: string) => {
    if (body[0] !== '#') return named[body.toLowerCase()] ?? reference;
    const code =
      body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
  });
}

const withoutTags = (html: string) => decodeReferences(html.replace(/<!--[\s\S]*?-->|<[^>]*>/g, ''));

/** The text with a line break after each block (paragraph, heading, list item, quote, code, `<br>`), trimmed. */
export function htmlLines(html: string): string {
  return withoutTags(html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$&\n')).trim();
}

/** Elements that stand on lines of their own: their words never run into their neighbours'. */
const lineElement = /<\/?(p|div|br|ul|ol|li|h[1-6]|blockquote|pre|table|tr|td|th)\b[^>]*>/gi;

/** The text on one line: blocks apart by a space ("Thanks. Quick question"), spaces collapsed. */
export function htmlWords(html: string): string {
  return withoutTags(html.replace(lineElement, ' $& ')).replace(/\s+/g, ' ').trim();
}
