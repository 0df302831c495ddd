import {
  allowedAttributes,
  isAllowedUrl,
  isMentionId,
  linkAttributes,
  mentionMarkup,
  postTags,
} from '@plaza/contract/rich-html';
import {
  type AnyExtension,
  type Attributes,
  type Extensions,
  Mark,
  mergeAttributes,
  Node as TiptapNode,
} from '@tiptap/core';
import Mention, { type MentionOptions } from '@tiptap/extension-mention';
import StarterKit from '@tiptap/starter-kit';

/**
 * The tag each of StarterKit's nodes and marks writes. The editor turns on exactly those whose tag the
 * contract's post allow-list has (`@plaza/contract/rich-html`); the rest of StarterKit (document, text,
 * history, cursors, list keys) writes no tag. Headings (`h1` … `h6` by level) are on for the levels
 * the list has.
 */
export const starterKitTags = {
  paragraph: 'p',
  hardBreak: 'br',
  bold: 'strong',
  italic: 'em',
  underline: 'u',
  strike: 's',
  code: 'code',
  link: 'a',
  bulletList: 'ul',
  orderedList: 'ol',
  listItem: 'li',
  blockquote: 'blockquote',
  codeBlock: 'pre',
  horizontalRule: 'hr',
} as const;

type StarterKitName = keyof typeof starterKitTags;

const allows = (tag: string) => Object.hasOwn(postTags, tag);

/** StarterKit's heading levels the list allows (`h1` … `h6`). */
const headingLevels = ([1, 2, 3, 4, 5, 6] as const).filter((level) => allows(`h${level}`));

/** `config` when the post list has the extension's tag, else `false` (StarterKit leaves it out). */
const when = <T extends object>(name: StarterKitName, config: T): T | false =>
  allows(starterKitTags[name]) ? config : false;

const schemeOrPath = /^\s*(?:[a-z][a-z0-9+.-]*:|[/\\])/i;

/**
 * TipTap asks about a link both with an address (pasted HTML, commands) and with the text it would
 * link (`example.com`, which becomes `https://example.com`): text without a scheme is checked as
 * the address it becomes.
 */
function isAllowedLink(url: string | undefined, defaultProtocol: string): boolean {
  const value = url ?? '';
  return isAllowedUrl(schemeOrPath.test(value) ? value : `${defaultProtocol}://${value}`);
}

/** The extension's attributes; those not in `written` stay in the document but are never written. */
function writeOnly(attributes: Attributes, written: readonly string[]): Attributes {
  return Object.fromEntries(
    Object.entries(attributes).map(([name, attribute]) => [
      name,
      written.includes(name) ? attribute : { ...attribute, rendered: false },
    ]),
  );
}

/** One of StarterKit's extensions, made to write only what the list allows. */
function restrict(extension: AnyExtension): AnyExtension {
  const tag = (starterKitTags as Record<string, string>)[extension.name];
  if (!tag) return extension;
  if (extension instanceof Mark && extension.name === 'link') {
    return extension.extend({
      addAttributes() {
        const parent: Attributes = this.parent?.() ?? {};
        return {
          // rel and target are the list's (HTMLAttributes below); none of them, nor class or title, is
          // taken from pasted HTML.
          ...writeOnly(parent, ['href']),
          href: {
            ...parent.href,
            parseHTML: (element: HTMLElement) => {
              const href = element.getAttribute('href');
              return href && isAllowedUrl(href) ? href : null;
            },
          },
        };
      },
    });
  }
  if (extension instanceof Mark) {
    return extension.extend({
      addAttributes() {
        return writeOnly(this.parent?.() ?? {}, allowedAttributes(tag));
      },
    });
  }
  if (extension instanceof TiptapNode && extension.name === 'codeBlock') {
    // The language stays in the document; the `language-*` class is not written (code has no class).
    return extension.extend({
      addAttributes() {
        return writeOnly(this.parent?.() ?? {}, allowedAttributes(tag));
      },
      renderHTML({ HTMLAttributes }) {
        return ['pre', mergeAttributes(this.options.HTMLAttributes, HTMLAttributes), ['code', 0]];
      },
    });
  }
  if (extension instanceof TiptapNode) {
    return extension.extend({
      addAttributes() {
        return writeOnly(this.parent?.() ?? {}, allowedAttributes(tag));
      },
    });
  }
  return extension;
}

/** StarterKit with only what the list allows, each extension writing only allowed attributes. */
const AllowListStarterKit = StarterKit.extend({
  addExtensions() {
    return (this.parent?.() ?? []).map(restrict);
  },
});

const mentionText = (attrs: Record<string, unknown>) => `@${String(attrs.label ?? attrs.id)}`;

/** Mentions read only from the list's markup with a valid member id; another span is its text. */
const AllowListMention = Mention.extend({
  parseHTML() {
    return [
      {
        tag: `${mentionMarkup.tag}[data-type="${mentionMarkup.type}"]`,
        getAttrs: (element: HTMLElement) => (isMentionId(element.getAttribute('data-id')) ? null : false),
      },
    ];
  },
});

/**
 * The post editor's extensions, from the contract's allow-list: the nodes and marks whose tags it
 * has (so code and code blocks, quotes, lists, bold, italic, underline, strike-through and links;
 * no headings, rules or images), links with its rel and target and addresses, and mentions in its
 * markup.
 */
export function richTextExtensions(suggestion: MentionOptions['suggestion']): Extensions {
  const defaultProtocol = 'https';
  return [
    AllowListStarterKit.configure({
      paragraph: when('paragraph', {}),
      hardBreak: when('hardBreak', {}),
      bold: when('bold', {}),
      italic: when('italic', {}),
      underline: when('underline', {}),
      strike: when('strike', {}),
      code: when('code', {}),
      link: when('link', {
        openOnClick: false,
        autolink: true,
        defaultProtocol,
        HTMLAttributes: { ...linkAttributes, class: null },
        isAllowedUri: (url: string) => isAllowedLink(url, defaultProtocol),
      }),
      bulletList: when('bulletList', {}),
      orderedList: when('orderedList', {}),
      listItem: when('listItem', {}),
      blockquote: when('blockquote', {}),
      codeBlock: when('codeBlock', {}),
      horizontalRule: when('horizontalRule', {}),
      heading: headingLevels.length > 0 ? { levels: headingLevels } : false,
    }),
    AllowListMention.configure({
      renderText: ({ node }) => mentionText(node.attrs),
      renderHTML: ({ node }) => [
        mentionMarkup.tag,
        {
          'data-type': mentionMarkup.type,
          'data-id': node.attrs.id,
          'data-label': node.attrs.label,
          class: mentionMarkup.className,
        },
        mentionText(node.attrs),
      ],
      suggestion,
    }),
  ];
}
