import type { Article, Post } from '@plaza/contract';
import type { Locale } from '@plaza/contract/constants';

/**
 * What the demo page's modules show: sample articles, posts, pictures and files, in German or English.
 * The articles and posts have ids of their own (9001…, 8001…) so they never meet real ones.
 */

/** A small picture: a two-colour gradient, with a label when given, as an SVG data address. */
export function sampleImage(label: string, hue: number, width = 640, height = 400): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,42%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,28%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.78}" cy="${height * 0.3}" r="${height * 0.18}" fill="hsla(${(hue + 180) % 360},70%,80%,0.35)"/><text x="32" y="${height - 36}" font-family="sans-serif" font-size="${Math.round(height / 9)}" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A text in both languages of the demo page. */
export type Texts = Record<'de' | 'en', string>;
/** The text of a language. */
export const pick = (lang: Locale, texts: Texts) => (lang === 'de_DE' ? texts.de : texts.en);

const articleTexts: [Texts, Texts][] = [
  [
    { de: 'Neues Büro in Hamburg eröffnet', en: 'New office opens in Hamburg' },
    {
      de: 'Ab Montag arbeiten 40 Kolleginnen und Kollegen am Hafen.',
      en: 'From Monday 40 colleagues work by the harbour.',
    },
  ],
  [
    { de: 'Sommerfest 2026: die Bilder', en: 'Summer party 2026: the pictures' },
    {
      de: 'Ein Rückblick auf einen langen Abend im Garten.',
      en: 'Looking back at a long evening in the garden.',
    },
  ],
  [
    { de: 'Mentoring-Programm startet', en: 'Mentoring programme starts' },
    { de: 'Bewerben Sie sich bis Ende des Monats.', en: 'Apply by the end of the month.' },
  ],
  [
    { de: 'Unser neues Intranet', en: 'Our new intranet' },
    { de: 'Was sich ändert und wo Sie was finden.', en: 'What changes and where to find things.' },
  ],
  [
    { de: 'Kantine: neue Öffnungszeiten', en: 'Canteen: new opening hours' },
    { de: 'Mittagessen gibt es ab sofort bis 14:30 Uhr.', en: 'Lunch is now served until 2:30 pm.' },
  ],
  [
    { de: 'Nachhaltigkeitsbericht veröffentlicht', en: 'Sustainability report published' },
    {
      de: 'Weniger Flüge, mehr Bahn: die Zahlen des Jahres.',
      en: 'Fewer flights, more trains: the year in figures.',
    },
  ],
  [
    { de: 'IT-Sicherheit: Passwörter richtig wählen', en: 'IT security: choosing good passwords' },
    { de: 'Fünf Tipps aus dem Sicherheitsteam.', en: 'Five tips from the security team.' },
  ],
  [
    { de: 'Willkommen an Bord!', en: 'Welcome aboard!' },
    { de: 'Zwölf neue Kolleginnen und Kollegen im November.', en: 'Twelve new colleagues in November.' },
  ],
];

function sampleArticle(lang: Locale, index: number): Article {
  const [title, teaser] = articleTexts[index % articleTexts.length]!;
  const id = 9001 + index;
  // No label: the title is shown beside or over the picture already.
  const image = sampleImage('', (index * 47) % 360);
  return {
    id: `page-${id}`,
    item_id: id,
    meta: { type: 'article' },
    title: pick(lang, title),
    teaser: pick(lang, teaser),
    content: `<p>${pick(lang, teaser)}</p>`,
    publish_date: new Date(Date.UTC(2026, 10, 20 - index, 9, 0)).toISOString(),
    author: { name: pick(lang, { de: 'Redaktion', en: 'Editorial team' }), avatar: null },
    images: { title: image, slider: [image], teaser: image, images: [image] },
    attachments: [],
    category: { id: 1, name: pick(lang, { de: 'Unternehmen', en: 'Company' }) },
    visibility: 'members',
    comments_allowed: true,
    likes_allowed: true,
    likes_count: 3 + index,
    comments_count: index,
    liked_by_me: false,
  };
}

/** `count` sample articles from the `from`-th on (the texts repeat after eight). */
export const articles = (lang: Locale, from: number, count: number) =>
  Array.from({ length: count }, (_, i) => sampleArticle(lang, from + i));

/** A sample post of the community stream, by `name`, in `group` or none. */
export function samplePost(
  lang: Locale,
  index: number,
  name: string,
  text: Texts,
  group: Texts | null,
): Post {
  const id = 8001 + index;
  return {
    id: `post-${id}`,
    item_id: id,
    meta: { type: 'post' },
    author: { id: null, name, avatar: null },
    created_at: new Date(Date.UTC(2026, 10, 24 - index, 8 + index, 15)).toISOString(),
    edited_at: null,
    description: `<p>${pick(lang, text)}</p>`,
    files: [],
    preview: null,
    group: group ? { id: 7001 + index, name: pick(lang, group) } : null,
    topic: null,
    mentions: [],
    comments_allowed: true,
    likes_allowed: true,
    likes_count: index,
    comments_count: 0,
    liked_by_me: false,
    permissions: [],
  };
}

/** A downloadable sample file: a short text as a data address. */
export function sampleFile(name: string): string {
  return `data:text/plain;charset=utf-8,${encodeURIComponent(`Plaza demo file: ${name}`)}`;
}
