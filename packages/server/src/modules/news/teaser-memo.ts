import type { Db } from '../../db/client';
import { sharedMemo } from '../../platform/shared-memo';
import type { ArticleRow, TeaserLists } from './repo';

/**
 * How long an instance keeps the news stream's teasers and filters, and the article lists of CMS pages'
 * teaser modules. They are the same for every member but for which articles each likes (read beside
 * them), and reading them was about 40 % of the news first page's statement. Writes of articles, their
 * likes and comments drop them at once on every instance (`forgetNewsTeasers`); an article whose publish
 * date the clock reaches, or an author's new name, shows after at most this long (and the second in which
 * one request reads them again, `platform/shared-memo.ts`).
 */
export const NEWS_TEASERS_KEPT_MS = 5_000;

/** What is kept: the first page's teaser lists and filters, or a teaser module's articles. */
type Kept = { kind: 'first page'; lists: TeaserLists } | { kind: 'articles'; rows: ArticleRow[] };

const memo = sharedMemo<Kept>('news.teasers.changed', NEWS_TEASERS_KEPT_MS);

/** The news stream's first page: its teaser lists and filters (`liked_by_me` is some member's). */
export const firstPageTeasers = {
  mark: memo.mark,
  peek(db: Db): TeaserLists | undefined {
    const kept = memo.peek(db, 'first page');
    return kept?.kind === 'first page' ? kept.lists : undefined;
  },
  keep: (db: Db, lists: TeaserLists, mark: number) =>
    memo.keep(db, 'first page', { kind: 'first page', lists }, mark),
};

/** The articles of a teaser module's selection (`key`), as read for some member. */
export const teaserArticles = {
  mark: memo.mark,
  peek(db: Db, key: string): ArticleRow[] | undefined {
    const kept = memo.peek(db, key);
    return kept?.kind === 'articles' ? kept.rows : undefined;
  },
  keep: (db: Db, key: string, rows: ArticleRow[], mark: number) =>
    memo.keep(db, key, { kind: 'articles', rows }, mark),
};

/** Drops the kept teasers when another instance announces a change. */
export const shareTeaserChanges = memo.share;

/** After a write of an article, a category, or an article's likes or comments: drops the kept teasers everywhere. */
export const forgetNewsTeasers = memo.forget;
