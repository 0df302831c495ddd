import type { PageModule, PagesMap } from '@plaza/contract';
import type { Locale } from '@plaza/contract/constants';
import { articles, pick, sampleFile, sampleImage, samplePost, type Texts } from './sample-items';

/**
 * The demo page's sample content (spec 1 "demo page", spec 9: 20 coachings, 4 downloads, 4 shop items):
 * one module of every type with its cross references filled as the server would fill them. Images are
 * small inline SVGs. The shop teaser and the reviews widget fetch their own content (the shop's products,
 * the employer-rating card).
 */

const coachingTopics: Texts[] = [
  { de: 'Führung im Alltag', en: 'Everyday leadership' },
  { de: 'Feedback geben', en: 'Giving feedback' },
  { de: 'Zeitmanagement', en: 'Time management' },
  { de: 'Präsentieren mit Wirkung', en: 'Presenting with impact' },
  { de: 'Konflikte lösen', en: 'Resolving conflicts' },
  { de: 'Agiles Arbeiten', en: 'Agile working' },
  { de: 'Gesund im Homeoffice', en: 'Healthy when working from home' },
  { de: 'Verhandeln', en: 'Negotiating' },
  { de: 'Schreiben fürs Web', en: 'Writing for the web' },
  { de: 'Resilienz', en: 'Resilience' },
];

/** Every module type once (the article teaser in each template), with sample content in `lang`. */
export function demoModules(lang: Locale, pages: PagesMap): PageModule[] {
  const t = (texts: Texts) => pick(lang, texts);
  const legal = (['imprint', 'privacy', 'terms', 'q_and_a'] as const).flatMap((key) => {
    const id = pages[key];
    const titles: Record<typeof key, Texts> = {
      imprint: { de: 'Impressum', en: 'Imprint' },
      privacy: { de: 'Datenschutzerklärung', en: 'Privacy policy' },
      terms: { de: 'Nutzungsbedingungen', en: 'Terms of use' },
      q_and_a: { de: 'Fragen und Antworten', en: 'Questions and answers' },
    };
    return id ? [{ id, title: t(titles[key]) }] : [];
  });
  const galleryCaptions: Texts[] = [
    { de: 'Der Empfang im neuen Büro', en: 'The reception of the new office' },
    { de: 'Team-Frühstück am Freitag', en: 'Team breakfast on Friday' },
    { de: 'Blick auf den Hafen', en: 'View of the harbour' },
    { de: 'Die Dachterrasse', en: 'The roof terrace' },
    { de: 'Workshop im Raum „Elbe“', en: 'Workshop in the "Elbe" room' },
    { de: 'Sommerfest im Garten', en: 'Summer party in the garden' },
  ];
  return [
    {
      id: 'demo-top-teaser',
      type: 'top_teaser',
      data: { category_id: null },
      cross_references: { articles: articles(lang, 0, 3), sliderInterval: 5000 },
    },
    {
      id: 'demo-rich-text',
      type: 'rich_text',
      data: {
        title: t({ de: 'Willkommen bei Nordlicht', en: 'Welcome to Nordlicht' }),
        html: t({
          de: '<p>Diese Seite zeigt <strong>jedes Inhaltsmodul</strong>, aus dem Redakteurinnen und Redakteure Seiten bauen. Texte können <em>hervorgehoben</em> werden und Listen enthalten:</p><ul><li>Artikel-Teaser als Slider, Raster oder Liste</li><li>Galerien mit Vollbildansicht</li><li>Downloads, Links und Widgets</li></ul>',
          en: '<p>This page shows <strong>every content module</strong> editors build pages from. Texts can be <em>emphasised</em> and hold lists:</p><ul><li>Article teasers as a slider, grid or list</li><li>Galleries with a full-screen view</li><li>Downloads, links and widgets</li></ul>',
        }),
      },
      cross_references: {},
    },
    {
      id: 'demo-article-slider',
      type: 'article_teaser',
      data: {
        title: t({ de: 'Artikel-Teaser: Slider', en: 'Article teaser: slider' }),
        template: 'slider',
        intervall: 6000,
        autoplay: true,
        category_id: null,
        max: 4,
      },
      cross_references: { articles: articles(lang, 3, 4) },
    },
    {
      id: 'demo-article-grid',
      type: 'article_teaser',
      data: {
        title: t({ de: 'Artikel-Teaser: Raster', en: 'Article teaser: grid' }),
        template: 'grid',
        intervall: 5000,
        autoplay: false,
        category_id: null,
        max: 3,
      },
      cross_references: { articles: articles(lang, 1, 3) },
    },
    {
      id: 'demo-article-list',
      type: 'article_teaser',
      data: {
        title: t({ de: 'Artikel-Teaser: Liste', en: 'Article teaser: list' }),
        template: 'list',
        intervall: 5000,
        autoplay: false,
        category_id: null,
        max: 3,
      },
      cross_references: { articles: articles(lang, 4, 3) },
    },
    {
      id: 'demo-horizontal-teaser',
      type: 'horizontal_teaser',
      data: { category_id: null },
      cross_references: { articles: articles(lang, 5, 2) },
    },
    {
      id: 'demo-web-news',
      type: 'web_news',
      data: { category_id: null },
      cross_references: { articles: articles(lang, 0, 7) },
    },
    {
      id: 'demo-gallery',
      type: 'gallery',
      data: {
        title: t({ de: 'Galerie', en: 'Gallery' }),
        images: galleryCaptions.map((caption, i) => ({ image_id: 6001 + i, caption: t(caption) })),
      },
      cross_references: {
        images: galleryCaptions.map((caption, i) => ({
          image_id: 6001 + i,
          url: sampleImage(`${i + 1}`, (i * 61 + 200) % 360, 800, 600),
          width: 800,
          height: 600,
          caption: t(caption),
        })),
      },
    },
    {
      id: 'demo-downloads',
      type: 'downloads',
      data: {
        title: t({ de: 'Downloads', en: 'Downloads' }),
        files: [1, 2, 3, 4].map((n) => ({ file_id: 5000 + n, title: `file ${n}` })),
      },
      cross_references: {
        files: [
          {
            file_id: 5001,
            title: t({ de: 'Reisekostenrichtlinie 2026', en: 'Travel expenses policy 2026' }),
            type: 'application/pdf',
            size: 482_133,
            linkToDownload: sampleFile('policy.txt'),
          },
          {
            file_id: 5002,
            title: t({ de: 'Urlaubsantrag', en: 'Holiday request form' }),
            type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            size: 38_912,
            linkToDownload: sampleFile('holiday.txt'),
          },
          {
            file_id: 5003,
            title: t({ de: 'Logo-Paket', en: 'Logo package' }),
            type: 'application/zip',
            size: 3_482_001,
            linkToDownload: sampleFile('logos.txt'),
          },
          {
            file_id: 5004,
            title: t({ de: 'Telefonliste', en: 'Phone list' }),
            type: 'text/csv',
            size: 912,
            linkToDownload: sampleFile('phones.txt'),
          },
        ],
      },
    },
    {
      id: 'demo-subpages',
      type: 'subpage_navigation',
      data: {
        title: t({ de: 'Unterseiten', en: 'Subpages' }),
        page_ids: legal.length ? legal.map((page) => page.id) : [1],
      },
      cross_references: { pages: legal },
    },
    {
      id: 'demo-stream',
      type: 'stream_widget',
      data: { title: t({ de: 'Aus der Community', en: 'From the community' }), group_id: null, max: 3 },
      cross_references: {
        posts: [
          samplePost(
            lang,
            0,
            'Anna Schneider',
            {
              de: 'Wer hat Lust auf eine Laufgruppe am Donnerstag? Wir starten um 18 Uhr am Haupteingang und laufen eine ruhige Runde an der Elbe entlang.',
              en: 'Who fancies a running group on Thursday? We start at 6 pm at the main entrance and take an easy loop along the river.',
            },
            { de: 'Sport und Freizeit', en: 'Sports and leisure' },
          ),
          samplePost(
            lang,
            1,
            'Jonas Weber',
            {
              de: 'Die Folien vom Quartalsmeeting liegen jetzt in der Gruppe.',
              en: 'The slides of the quarterly meeting are in the group now.',
            },
            { de: 'Vertrieb', en: 'Sales' },
          ),
          samplePost(
            lang,
            2,
            'Mira Yilmaz',
            { de: 'Danke für den tollen Empfang im Team!', en: 'Thanks for the warm welcome to the team!' },
            null,
          ),
        ],
      },
    },
    {
      id: 'demo-profiles',
      type: 'profile_teaser',
      data: { title: t({ de: 'Ansprechpersonen', en: 'Contacts' }), user_ids: [1, 2, 3, 4] },
      cross_references: {
        members: [
          {
            id: 1,
            combined_name: 'Anna Schneider',
            img_path: null,
            position: t({ de: 'Personalleitung', en: 'Head of HR' }),
          },
          {
            id: 2,
            combined_name: 'Jonas Weber',
            img_path: null,
            position: t({ de: 'Vertrieb', en: 'Sales' }),
          },
          {
            id: 3,
            combined_name: 'Mira Yilmaz',
            img_path: null,
            position: t({ de: 'Entwicklung', en: 'Engineering' }),
          },
          {
            id: 4,
            combined_name: 'Dr. Lukas Brandt',
            img_path: null,
            position: t({ de: 'Betriebsarzt', en: 'Company doctor' }),
          },
        ],
      },
    },
    {
      id: 'demo-reviews',
      type: 'reviews_widget',
      data: {},
      cross_references: { ratings: [] },
    },
    {
      id: 'demo-shop',
      type: 'shop_teaser',
      data: {},
      // The teaser shows the shop's active products itself (the demo's 4 shop items, spec 9).
      cross_references: { items: [] },
    },
    {
      id: 'demo-fundraising',
      type: 'fundraising_widget',
      data: {
        title: t({ de: 'Spendenlauf für die Tafel', en: 'Charity run for the food bank' }),
        text: t({
          de: 'Jeder Kilometer zählt: Das Unternehmen verdoppelt jede Spende bis Jahresende.',
          en: 'Every kilometre counts: the company doubles every donation until the end of the year.',
        }),
        goal: 10_000,
        raised: 6_250,
        link: 'https://example.org/',
      },
      cross_references: {},
    },
    {
      id: 'demo-coachings',
      type: 'coachings',
      data: {
        title: t({ de: 'Coachings', en: 'Coachings' }),
        items: Array.from({ length: 20 }, (_, i) => ({
          page_name: `${t({ de: 'Akademie', en: 'Academy' })} · ${t({ de: 'Modul', en: 'Module' })} ${i + 1}`,
          article_name: `${t(coachingTopics[i % coachingTopics.length]!)}${i >= coachingTopics.length ? ` II` : ''}`,
          link: `/${lang}/dummy`,
        })),
      },
      cross_references: {},
    },
    {
      id: 'demo-gym-pass',
      type: 'gym_pass',
      data: {
        title: t({ de: 'Firmenfitness', en: 'Company gym pass' }),
        text: t({
          de: 'Trainieren Sie in über 2.000 Studios – zum Firmentarif.',
          en: 'Work out in more than 2,000 gyms at the company rate.',
        }),
        link: 'https://example.org/',
      },
      cross_references: {},
    },
    {
      id: 'demo-data-protection',
      type: 'data_protection',
      data: {
        html: t({
          de: '<p>Wir verarbeiten Ihre Daten nur, soweit es für den Betrieb dieser Plattform nötig ist. Einzelheiten finden Sie in der Datenschutzerklärung.</p>',
          en: '<p>We process your data only as far as running this platform needs it. The privacy policy has the details.</p>',
        }),
      },
      cross_references: {},
    },
  ];
}
