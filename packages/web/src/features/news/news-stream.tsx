import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Post } from '@plaza/contract';
import { newsTeasers } from '@plaza/contract/constants';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../../app/use-lang';
import { ArticleTeaserCard } from '../../components/articles/article-teaser-card';
import { TeaserSlider } from '../../components/articles/teaser-slider';
import { Moment } from '../../components/moment';
import { NewPostsHint } from '../../components/new-posts-hint';
import { apiErrorText } from '../../lib/api-error-text';
import { type NewsFilters, newsItems, newsKeys, newsStreamQuery } from './api/news';
import { NewsFilterBar } from './news-filters';

/** The news stream as the live "new posts" hint names it. */
const newsStreamRef = { kind: 'news' } as const;

/**
 * The news stream (dashboard): the top teaser slider, up to two horizontal teasers, the filters, the
 * stream of articles and posts ('load more' appends the next page) and up to seven web news beside
 * it. Posts are drawn by `renderPost` (the posts feature's card, composed by the app page). An article
 * shows once on the page: in the first of these places that has it. `compact` (phones) leaves out the
 * teasers, so the stream starts at the top and shows those articles itself. New posts of others show
 * a live "N new posts" hint that loads them.
 */
export function NewsStream({
  renderPost,
  aside,
  compact = false,
}: {
  renderPost: (post: Post) => ReactNode;
  aside?: ReactNode;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const client = useQueryClient();
  const [filters, setFilters] = useState<NewsFilters>({});
  // Other filters start again at page 1 (spec 4 "News list": page 1 replaces), also when cached.
  const changeFilters = (next: NewsFilters) => {
    client.removeQueries({ queryKey: newsKeys.stream(next), exact: true });
    setFilters(next);
  };
  const query = useInfiniteQuery(newsStreamQuery(filters));
  const heading = useRef<HTMLHeadingElement>(null);
  // The posts are the page's heaviest part. A query's answer renders at once, in one task; deferred, React
  // renders them in slices after it, and the browser stays free to paint and to answer input meanwhile.
  const data = useDeferredValue(query.data);
  const first = data?.pages[0];
  const shown = new Set<string>();
  const once = <T extends { id: string }>(list: T[]) =>
    list.filter((item) => {
      if (shown.has(item.id)) return false;
      shown.add(item.id);
      return true;
    });
  const top = compact ? [] : once(first?.topTeaser.results ?? []);
  const horizontal = compact
    ? []
    : once(first?.horizontalTeaser.results ?? []).slice(0, newsTeasers.horizontalTeaserMax);
  const items = once(newsItems(data));
  const webNews = once(first?.webNews.results ?? []).slice(0, newsTeasers.webNewsMax);
  if (data === undefined && !query.isError) {
    // Until the first page is there the stream holds a screen's height and shows nothing else: teasers
    // arriving above the heading, or the page growing under what follows (occasions on phones, the
    // footer), would otherwise move what the member already sees.
    return (
      <Box sx={{ minHeight: '100vh' }}>
        <CircularProgress aria-label={t('news.loading')} />
      </Box>
    );
  }
  return (
    <Box>
      {first && top.length > 0 && (
        <TeaserSlider
          articles={top}
          interval={first.topTeaser.sliderInterval || newsTeasers.topTeaserIntervalMs}
        />
      )}
      {horizontal.length > 0 && (
        <Box
          component="ul"
          aria-label={t('news.horizontal_teaser')}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mb: 3,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          }}
        >
          {horizontal.map((article) => (
            <li key={article.id}>
              <ArticleTeaserCard article={article} compact />
            </li>
          ))}
        </Box>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: webNews.length || aside ? '2fr 1fr' : '1fr' },
        }}
      >
        <Box component="section" aria-label={t('news.stream_title')} sx={{ minWidth: 0 }}>
          <Typography ref={heading} tabIndex={-1} variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
            {t('news.stream_title')}
          </Typography>
          <NewsFilterBar filters={first?.filters ?? []} value={filters} onChange={changeFilters} />
          <NewPostsHint
            stream={newsStreamRef}
            isShown={(id) => items.some((item) => item.id === id)}
            onLoad={() => query.refetch()}
            focusAfter={heading}
            enabled={filters.category === undefined && filters.type !== 'article'}
          />
          {query.isError && <Alert severity="error">{apiErrorText(t, query.error)}</Alert>}
          {data !== undefined && items.length === 0 && (
            <Typography color="text.secondary">{t('news.empty')}</Typography>
          )}
          {items.map((item) =>
            item.meta.type === 'post' ? (
              <Box key={item.id}>{renderPost(item as Post)}</Box>
            ) : (
              <ArticleTeaserCard
                key={item.id}
                article={item as Extract<typeof item, { meta: { type: 'article' } }>}
              />
            ),
          )}
          {query.hasNextPage && (
            <Button
              variant="outlined"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('news.more')}
            </Button>
          )}
        </Box>
        {(webNews.length > 0 || aside) && (
          <Box sx={{ minWidth: 0 }}>
            {aside}
            {webNews.length > 0 && (
              <Box component="section" aria-label={t('news.web_news')}>
                <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
                  {t('news.web_news')}
                </Typography>
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {webNews.map((article) => (
                    <Box
                      component="li"
                      key={article.id}
                      sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
                    >
                      <Typography variant="caption" color="text.secondary" component="p">
                        <Moment value={article.publish_date} part="day" />
                      </Typography>
                      <Link component={RouterLink} to={`/${lang}/news/${article.id}`}>
                        {article.title}
                      </Link>
                    </Box>
                  ))}
                </Box>
              </Box>
            )}
          </Box>
        )}
      </Box>
    </Box>
  );
}
