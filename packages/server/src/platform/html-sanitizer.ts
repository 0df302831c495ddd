import {
  articleTags,
  droppedWithContent,
  isAllowedUrl,
  isMentionId,
  linkAttributes,
  mentionMarkup,
  postTags,
  type TagAttributes,
  urlAttributes,
  urlSchemes,
} from '@plaza/contract/rich-html';
import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';

/**
 * Every HTML a member (or an editor) sends is cleaned here, with the contract's allow-list
 * (`@plaza/contract/rich-html`, which the web's DOMPurify and the post editor use too): text
 * formatting, lists, quotes, code, links (http, https, mailto or a path on this site; always
 * rel="noopener noreferrer nofollow" target="_blank") and mention spans. No styles, classes other
 * than `mention`, event handlers, images, frames or data:/javascript: addresses survive.
 */

function options(tags: TagAttributes): sanitizeHtml.IOptions {
  return {
    allowedTags: Object.keys(tags),
    allowedAttributes: Object.fromEntries(
      Object.entries(tags)
        .filter(([, attributes]) => attributes.length > 0)
        .map(([tag, attributes]) => [tag, [...attributes]]),
    ),
    allowedClasses: { [mentionMarkup.tag]: [mentionMarkup.className] },
    allowedSchemes: [...urlSchemes],
    allowedSchemesAppliedToAttributes: [...urlAttributes],
    allowProtocolRelative: false,
    allowedStyles: {},
    disallowedTagsMode: 'discard',
    nonTextTags: [...droppedWithContent],
    enforceHtmlBoundary: false,
    parseStyleAttributes: false,
    transformTags: {
      a: (tagName, attribs) => {
        const out: Record<string, string> = { rel: linkAttributes.rel };
        if (attribs.href && isAllowedUrl(attribs.href)) out.href = attribs.href;
        out.target = linkAttributes.target;
        return { tagName, attribs: out };
      },
      [mentionMarkup.tag]: (tagName, attribs): sanitizeHtml.Tag => {
        const id = attribs['data-id'];
        // Any other span keeps its text and loses every attribute.
        if (attribs['data-type'] !== mentionMarkup.type || !isMentionId(id)) return { tagName, attribs: {} };
        const label = mentionLabel(attribs['data-label'] ?? '');
        return {
          tagName,
          attribs: {
            'data-type': mentionMarkup.type,
            'data-id': id,
            ...(label ? { 'data-label': label } : {}),
            class: mentionMarkup.className,
          },
        };
      },
    },
  };
}

/** A mention's label: a name, so letters, digits, spaces and a few name marks only. */
function mentionLabel(raw: string): string {
  const label = plainText(raw)
    .replace(/[^\p{L}\p{M}\p{N} .'_-]/gu, '')
    .trim();
  // By code points, so the cut never leaves half of a surrogate pair.
  return Array.from(label).slice(0, mentionMarkup.labelMaxLength).join('');
}

const richOptions = options(postTags);
const articleOptions = options(articleTags);

/** Cleans a post's HTML with the allow-list. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, richOptions).trim();
}

/** Cleans an article's HTML: the post allow-list plus headings. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, articleOptions).trim();
}

const tagLike = /<[a-zA-Z!/?]/;

/** Elements whose content is never text a reader should see. */
const hiddenContent = new Set([
  'script',
  'style',
  'textarea',
  'noscript',
  'title',
  'iframe',
  'noembed',
  'xmp',
]);

/** One pass: the decoded text of the markup, without the content of script-like elements. */
function textPass(input: string): string {
  let text = '';
  let hiddenDepth = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (hiddenContent.has(name)) hiddenDepth += 1;
      },
      onclosetag(name) {
        if (hiddenContent.has(name) && hiddenDepth > 0) hiddenDepth -= 1;
      },
      ontext(chunk) {
        if (hiddenDepth === 0) text += chunk;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(input);
  parser.end();
  return text;
}

/**
 * The text inside HTML: tags removed and entities decoded, again until nothing tag-like is left
 * (so `&lt;script&gt;` cannot come back as a tag). Only for text taken out of rich text (mention
 * labels, the visible text of a post). Plain-text fields (comments, names, descriptions) never pass
 * through here: they are stored as written and shown as text, so `a<b` must stay `a<b`.
 */
export function plainText(input: string): string {
  let text = textPass(input);
  for (let round = 0; round < 4 && tagLike.test(text); round += 1) text = textPass(text);
  // What still looks like a tag after five passes loses its angle brackets.
  return tagLike.test(text) ? text.replace(/[<>]/g, '') : text;
}

/** The visible text of sanitised HTML (for "is it empty?" checks and teasers). */
export function textOfHtml(html: string): string {
  return plainText(html.replace(/<br\s*\/?>|<\/p>|<\/li>/gi, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The member ids of the mention spans in sanitised HTML, each once, in order. */
export function mentionedIds(html: string): number[] {
  const ids = new Set<number>();
  const parser = new Parser({
    onopentag(name, attribs) {
      if (name === 'span' && attribs['data-type'] === 'mention' && /^\d+$/.test(attribs['data-id'] ?? '')) {
        ids.add(Number(attribs['data-id']));
      }
    },
  });
  parser.write(html);
  parser.end();
  return [...ids];
}
