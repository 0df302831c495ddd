import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  allAttributeNames,
  allowedAttributes,
  allowedUrlPattern,
  droppedWithContent,
  isMentionId,
  linkAttributes,
  mentionMarkup,
  type RichHtmlKind,
  richHtmlTags,
  urlAttributes,
} from '@plaza/contract/rich-html';
import DOMPurify, { type Config } from 'dompurify';
import { useMemo } from 'react';

/**
 * A DOMPurify of its own, configured from the contract's allow-list (the one the server's sanitiser
 * uses): each tag keeps only its own attributes, every link gets the list's rel and target, and only a
 * real mention span keeps attributes.
 */
const purify = DOMPurify();

// A DOMPurify needs a DOM: the server's render has none and brings its own sanitiser (`sanitizeHtmlWith`).
if (purify.isSupported) {
  purify.addHook('uponSanitizeAttribute', (node, event) => {
    if (!allowedAttributes(node.nodeName.toLowerCase()).includes(event.attrName)) event.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (!(node instanceof Element)) return;
    const tag = node.nodeName.toLowerCase();
    if (tag === 'a') {
      // Links leave the app in a new tab without handing it the opener.
      for (const [name, value] of Object.entries(linkAttributes)) node.setAttribute(name, value);
    } else if (tag === mentionMarkup.tag) {
      const mention =
        node.getAttribute('data-type') === mentionMarkup.type && isMentionId(node.getAttribute('data-id'));
      if (mention) node.setAttribute('class', mentionMarkup.className);
      else for (const name of node.getAttributeNames()) node.removeAttribute(name);
    }
  });
}

const configs = Object.fromEntries(
  Object.entries(richHtmlTags).map(([kind, tags]) => [
    kind,
    {
      ALLOWED_TAGS: Object.keys(tags),
      ALLOWED_ATTR: [...allAttributeNames],
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      ALLOWED_URI_REGEXP: allowedUrlPattern,
      // Only addresses are checked against the URL rule; the other attributes are plain values.
      ADD_URI_SAFE_ATTR: allAttributeNames.filter((name) => !urlAttributes.includes(name)),
      FORBID_CONTENTS: [...droppedWithContent],
    },
  ]),
) as Record<RichHtmlKind, Config>;

type Sanitiser = (html: string, kind: RichHtmlKind) => string;

let sanitiser: Sanitiser = (html, kind) => purify.sanitize(html, configs[kind]);

/** The server's render sanitises with the server's own sanitiser (the same allow-list), having no DOM. */
export function sanitizeHtmlWith(serverSanitiser: Sanitiser): void {
  sanitiser = serverSanitiser;
}

/** HTML from the server cleaned again in the browser (the server sanitises first; this is a second line of defence). */
export function sanitizeHtml(html: string, kind: RichHtmlKind = 'post'): string {
  return sanitiser(html, kind);
}

/** Sanitised rich text (posts, articles) shown with the app's typography; mentions stand out. */
export function RichHtml({
  html,
  kind = 'post',
  sx,
}: {
  html: string;
  kind?: RichHtmlKind;
  sx?: SxProps<Theme>;
}) {
  const clean = useMemo(() => sanitizeHtml(html, kind), [html, kind]);
  return (
    <Box
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and again by DOMPurify above.
      dangerouslySetInnerHTML={{ __html: clean }}
      sx={[
        {
          overflowWrap: 'anywhere',
          '& p': { my: 0.75 },
          '& pre': { overflowX: 'auto' },
          '& a': { color: 'primary.main' },
          '& .mention, & [data-type="mention"]': { color: 'primary.main', fontWeight: 600 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
