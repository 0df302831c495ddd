/**
 * The one HTML allow-list of rich text (a post's description, an article's content). It configures the
 * server's sanitiser (`server/src/platform/html-sanitizer.ts`, sanitize-html), the web's second pass
 * (`web/src/components/rich-html.tsx`, DOMPurify) and the post editor's TipTap extensions
 * (`web/src/components/rich-text/extensions.ts`). Plain data and pure helpers: nothing here parses HTML.
 * Imported through its own subpath (`@plaza/contract/rich-html`), never through the contract's index.
 */
import { maxId } from './constants';

/** A tag and the attributes it may carry. */
export type TagAttributes = Readonly<Record<string, readonly string[]>>;

/**
 * The tags of a post and the attributes each may carry. The post editor makes exactly these: no
 * images, headings, tables, styles or classes (a mention's `class` is set, never taken from input).
 */
export const postTags = {
  p: [],
  br: [],
  strong: [],
  em: [],
  u: [],
  s: [],
  a: ['href', 'rel', 'target'],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  code: [],
  pre: [],
  span: ['data-type', 'data-id', 'data-label', 'class'],
} as const satisfies TagAttributes;

/**
 * What an article adds to a post's tags: headings. Articles are written by editors (seeded or from the
 * CMS), not in the post editor, so these are the list's only tags the editor does not make.
 */
export const articleOnlyTags = { h2: [], h3: [], h4: [] } as const satisfies TagAttributes;

export const articleTags = { ...postTags, ...articleOnlyTags } as const satisfies TagAttributes;

export type RichHtmlKind = 'post' | 'article';

/** The allow-list of each kind of rich text. */
export const richHtmlTags: Readonly<Record<RichHtmlKind, TagAttributes>> = {
  post: postTags,
  article: articleTags,
};

/** Attributes whose value is an address: they must pass `isAllowedUrl`. */
export const urlAttributes: readonly string[] = ['href'];

/** The schemes an address may have. An address without one must be a path on this site (`/…`). */
export const urlSchemes: readonly string[] = ['http', 'https', 'mailto'];

/** Every link gets exactly these, whatever was sent: it opens in a new tab without the opener. */
export const linkAttributes = { rel: 'noopener noreferrer nofollow', target: '_blank' } as const;

/**
 * A mention is `<span data-type="mention" data-id="<member id>" data-label="<name>" class="mention">@Name</span>`.
 * Only a span with that type and a valid id keeps attributes (`class` is set to `className`, the
 * label is optional); any other span keeps its text and loses every attribute.
 */
export const mentionMarkup = {
  tag: 'span',
  type: 'mention',
  className: 'mention',
  /** A member id: a PostgreSQL integer without a sign or leading zero. */
  idPattern: /^[1-9]\d{0,9}$/,
  labelMaxLength: 200,
} as const;

/**
 * Elements removed together with everything inside them when they occur (none of them is allowed):
 * their content is code, data or another language, never text a reader should see.
 */
export const droppedWithContent: readonly string[] = [
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'annotation-xml',
  'foreignobject',
  'desc',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'head',
  'title',
  'xmp',
  'plaintext',
  'textarea',
  'select',
  'option',
  'audio',
  'video',
  'colgroup',
  'thead',
];

/**
 * The attributes `tag` may carry; none for a tag that is not in the list. The same for every kind of
 * rich text (a kind only adds tags).
 */
export function allowedAttributes(tag: string): readonly string[] {
  const tags: TagAttributes = articleTags;
  return Object.hasOwn(tags, tag) ? (tags[tag] ?? []) : [];
}

/** Every attribute name the list has, on any tag. */
export const allAttributeNames: readonly string[] = [...new Set(Object.values(articleTags).flat())];

/**
 * The rule for an address, after `urlIgnoredCharacters` are removed: one of `urlSchemes`, or a path
 * on this site that starts with one `/` (`//host` and `/\host` lead to another host). Written for
 * DOMPurify's `ALLOWED_URI_REGEXP`, which removes the same characters before testing.
 */
export const allowedUrlPattern = new RegExp(`^(?:(?:${urlSchemes.join('|')}):|/(?![/\\\\]))`, 'i');

/** Characters a browser ignores in an address, or that never belong in one (DOMPurify's ATTR_WHITESPACE). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this matches.
export const urlIgnoredCharacters = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;

/** True when `value` may be a link's address in rich text. */
export function isAllowedUrl(value: string): boolean {
  return allowedUrlPattern.test(value.replace(urlIgnoredCharacters, ''));
}

/** True when `value` is a mention's member id (a number an id column can hold). */
export function isMentionId(value: string | null | undefined): value is string {
  return typeof value === 'string' && mentionMarkup.idPattern.test(value) && Number(value) <= maxId;
}
