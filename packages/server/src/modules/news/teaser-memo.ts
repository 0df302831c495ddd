import { sharedMemo } from '../../platform/shared-memo';
import type { TeaserLists } from './repo';

/**
 * How long an instance keeps the news stream's teasers and filters. They are the same for every member
 * but for which articles each likes, and reading them was about 40 % of the first page's statement.
 * Writes of articles, their likes and comments drop them at once on every instance (`forgetNewsTeasers`);
 * an article whose publish date the clock reaches, or an author's new name, shows after at most this long.
 */
export const NEWS_TEASERS_KEPT_MS = 5_000;

/** The first page's teaser lists and filters, as read for some member (`liked_by_me` is theirs). */
export const teaserMemo = sharedMemo<TeaserLists>('news.teasers.changed', NEWS_TEASERS_KEPT_MS);

/** After a write of an article, a category, or an article's likes or comments: drops the kept teasers everywhere. */
export const forgetNewsTeasers = teaserMemo.forget;
