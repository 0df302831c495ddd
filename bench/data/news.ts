import { type Area, type FillContext, literal } from './context';
import { memberCount } from './people';
import { articleTitles, categories, closings, openings, subjects } from './words';

/** News articles at scale 1 (about two a working day over three years). */
export const articlesAtScale1 = 2_000;

/** The legal pages come first (ids 1 to 4, as the settings' `pages` map names them), then the articles. */
export const legalPages = ['terms', 'imprint', 'privacy', 'q_and_a'] as const;

/** Ids of the articles: after the legal pages. */
export const articleIds = (ctx: FillContext) => ({
  first: legalPages.length + 1,
  last: legalPages.length + ctx.count(articlesAtScale1, 10),
});

/** CMS content pages at scale 1 (type `page`, built from modules), after the articles. */
export const contentPagesAtScale1 = 300;

/** Ids of the content pages: after the articles. */
export const contentPageIds = (ctx: FillContext) => {
  const first = articleIds(ctx).last + 1;
  return { first, last: first + ctx.count(contentPagesAtScale1, 3) - 1 };
};

/**
 * The modules of a content page as the editor stores them: text, the teasers and the stream (which
 * read articles and posts for the reader), members and subpages (`page` and `next` are ids).
 */
function contentModules(page: number, next: number, members: number): unknown[] {
  const member = (n: number) => 1 + ((page * 7 + n * 13) % members);
  return [
    {
      id: `t${page}`,
      type: 'rich_text',
      data: {
        title: 'Worum es geht',
        html: `<p>Seite ${page}: Angebote, Ansprechpersonen und Neuigkeiten.</p>`,
      },
    },
    {
      id: `a${page}`,
      type: 'article_teaser',
      data: { template: 'grid', intervall: 5000, autoplay: false, category_id: 1 + (page % 6), max: 6 },
    },
    { id: `w${page}`, type: 'web_news', data: { category_id: null } },
    { id: `s${page}`, type: 'stream_widget', data: { group_id: null, max: 5 } },
    { id: `p${page}`, type: 'profile_teaser', data: { user_ids: [1, 2, 3, 4].map(member) } },
    { id: `n${page}`, type: 'subpage_navigation', data: { page_ids: [next] } },
    {
      id: `c${page}`,
      type: 'coachings',
      data: {
        items: [{ page_name: 'Coaching', article_name: `Thema ${page}`, link: `/de_DE/page/${next}` }],
      },
    },
  ];
}

/** Page categories, the legal pages and news articles (a few scheduled for later, a few featured). */
export const news: Area = {
  name: 'news',
  async fill(ctx) {
    const { rand, below, pick } = ctx.random;
    const members = memberCount(ctx);
    const { first, last } = articleIds(ctx);
    const count = last - first + 1;

    await ctx.table(
      'page_categories',
      `insert into page_categories (id, key, names) overriding system value values ${categories
        .map(
          (c, i) =>
            `(${i + 1}, ${literal(c.key)}, ${literal(JSON.stringify({ de_DE: c.de_DE, en_GB: c.en_GB }))}::jsonb)`,
        )
        .join(', ')}`,
    );

    const paragraph = (key: string, stream: string) =>
      `'<p>' || ${pick(openings, key, `${stream}.opening`)} || ' ' || ${pick(subjects, key, `${stream}.subject`)} || '. ' || ${pick(closings, key, `${stream}.closing`)} || '</p>'`;
    await ctx.table(
      'pages',
      `insert into pages (id, type, title, content, publish_date, author_id, visibility, created_at, updated_at)
       overriding system value values ${legalPages
         .map(
           (key, i) =>
             `(${i + 1}, 'legal', ${literal(key)}, '<p>${key}</p>', ${ctx.now} - interval '5 years', ${members + 1}, 'all', ${ctx.now} - interval '5 years', ${ctx.now} - interval '5 years')`,
         )
         .join(', ')}`,
      `insert into pages (id, type, title, teaser, content, publish_date, author_id, author_name, category_id,
         visibility, comments_allowed, likes_allowed, featured, created_at, updated_at)
       overriding system value
       select a, 'article', ${pick(articleTitles, 'a', 'articles.title')} || ' (' || a || ')',
         ${pick(subjects, 'a', 'articles.teaser')},
         ${paragraph('a', 'articles.p1')} || ${paragraph('a + 1000000', 'articles.p2')} || ${paragraph('a + 2000000', 'articles.p3')},
         case when ${rand('a', 'articles.scheduled')} < 0.003 then ${ctx.now} + make_interval(days => 1 + ${below('a', 'articles.later', 20)})
           else ${ctx.now} - make_interval(hours => 2) - make_interval(days => 1095) * (1 - (a - ${first} + 1)::float8 / ${count})
             - make_interval(mins => ${below('a', 'articles.jitter', 600)}) end,
         case when ${rand('a', 'articles.by_admin')} < 0.5 then ${members + 1} else 1 + ${below('a', 'articles.author', Math.min(20, members))} end,
         case when ${rand('a', 'articles.editorial')} < 0.3 then 'Redaktion' end,
         case when ${rand('a', 'articles.has_category')} < 0.9 then 1 + ${below('a', 'articles.category', categories.length)} end,
         case when ${rand('a', 'articles.public')} < 0.2 then 'all' else 'members' end,
         ${rand('a', 'articles.comments')} < 0.9, ${rand('a', 'articles.likes')} < 0.95,
         ${rand('a', 'articles.featured')} < 0.02,
         ${ctx.now} - make_interval(days => 1095) * (1 - (a - ${first} + 1)::float8 / ${count}),
         ${ctx.now} - make_interval(days => 1095) * (1 - (a - ${first} + 1)::float8 / ${count})
       from generate_series(${first}, ${last}) a`,
    );

    const pagesRange = contentPageIds(ctx);
    const pageRows: string[] = [];
    for (let id = pagesRange.first; id <= pagesRange.last; id += 1) {
      const next = id === pagesRange.last ? pagesRange.first : id + 1;
      pageRows.push(
        `(${id}, 'page', ${literal(`Seite ${id}`)}, ${literal(JSON.stringify(contentModules(id, next, members)))}::jsonb,
          ${id % 5 === 0 ? "'all'" : "'members'"}, ${ctx.now} - interval '30 days', ${members + 1}, ${ctx.now} - interval '30 days', ${ctx.now} - interval '30 days')`,
      );
    }
    await ctx.step(
      'content pages',
      `insert into pages (id, type, title, modules, visibility, publish_date, author_id, created_at, updated_at)
       overriding system value values ${pageRows.join(', ')}`,
    );
  },
};
