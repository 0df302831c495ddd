import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

const allowedTags = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'span',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'img',
  'figure',
  'figcaption',
];
const allowedAttributes = [
  'href',
  'title',
  'target',
  'rel',
  'class',
  'data-type',
  'data-id',
  'data-label',
  'src',
  'alt',
];

/** HTML from the server cleaned again in the browser (the server sanitises first; this is a second line of defence). */
export function sanitizeHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: allowedAttributes,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/))/i,
  });
  // Links leave the app in a new tab without handing it the opener.
  return clean.replace(/<a /g, '<a target="_blank" rel="noopener noreferrer nofollow" ');
}

/** Sanitised rich text (posts, articles) shown with the app's typography; mentions stand out. */
export function RichHtml({ html, sx }: { html: string; sx?: SxProps<Theme> }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Box
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and again by DOMPurify above.
      dangerouslySetInnerHTML={{ __html: clean }}
      sx={[
        {
          overflowWrap: 'anywhere',
          '& p': { my: 0.75 },
          '& img': { maxWidth: '100%', height: 'auto' },
          '& a': { color: 'primary.main' },
          '& .mention, & [data-type="mention"]': { color: 'primary.main', fontWeight: 600 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
