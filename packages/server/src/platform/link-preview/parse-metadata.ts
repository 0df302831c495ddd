import { Parser } from 'htmlparser2';

/** What a page says about itself, raw (not yet cleaned or resolved). */
export interface PageMetadata {
  title: string | null;
  description: string | null;
  image: string | null;
  video: string | null;
  /** `<link rel="alternate" type="application/json+oembed" href>`. */
  oembed: string | null;
}

/** Meta names in order of preference, per field. */
const preferences = {
  title: ['og:title', 'twitter:title'],
  description: ['og:description', 'twitter:description', 'description'],
  image: ['og:image:secure_url', 'og:image:url', 'og:image', 'twitter:image', 'twitter:image:src'],
  video: ['og:video:secure_url', 'og:video:url', 'og:video', 'twitter:player'],
} as const;

/** Reads Open Graph, Twitter card, `<title>`, meta description and the oEmbed link from HTML. */
export function parseMetadata(html: string): PageMetadata {
  const meta = new Map<string, string>();
  let titleText = '';
  let inTitle = false;
  let titleDone = false;
  let oembed: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'title' && !titleDone) inTitle = true;
        if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
          const content = attributes.content;
          if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
        }
        if (name === 'link' && !oembed) {
          const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
          const type = (attributes.type ?? '').toLowerCase().trim();
          if (rel.includes('alternate') && type === 'application/json+oembed' && attributes.href) {
            oembed = attributes.href;
          }
        }
      },
      ontext(text) {
        if (inTitle) titleText += text;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          titleDone = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  const pick = (keys: readonly string[]) => {
    for (const key of keys) {
      const value = meta.get(key)?.trim();
      if (value) return value;
    }
    return null;
  };
  return {
    title: pick(preferences.title) ?? (titleText.trim() || null),
    description: pick(preferences.description),
    image: pick(preferences.image),
    video: pick(preferences.video),
    oembed,
  };
}

/** The parts of an oEmbed document a preview uses. */
export interface OEmbedData {
  type: string | null;
  title: string | null;
  thumbnail: string | null;
  /** The `src` of the first iframe in `html` (the player), for video and rich types. */
  player: string | null;
}

/** Reads an oEmbed JSON document; null when it is not an object. */
export function parseOEmbed(json: string): OEmbedData | null {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : null);
  let player: string | null = null;
  const html = text('html');
  if (html) {
    const parser = new Parser(
      {
        onopentag(name, attributes) {
          if (name === 'iframe' && !player && attributes.src) player = attributes.src;
        },
      },
      { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
    );
    parser.write(html);
    parser.end();
  }
  return { type: text('type'), title: text('title'), thumbnail: text('thumbnail_url'), player };
}
