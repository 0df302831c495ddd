import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Article, Post } from '@plaza/contract';
import { maxId } from '@plaza/contract/constants';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { ArticleTeaserCard } from '../../components/articles/article-teaser-card';
import { ApiRequestError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { useLoadFailureRedirect } from '../../lib/use-load-failure-redirect';
import { newsFiltersQuery, newsItems, newsStreamQuery } from './api/news';

const notFound = new ApiRequestError(404, [{ code: 'not_found', message: 'Not found' }]);

/** The category's name among the stream's filters; undefined while they load, null when there is none. */
function useCategoryName(id: number): string | null | undefined {
  const filters = useQuery({ ...newsFiltersQuery, enabled: id > 0 });
  if (!filters.data) return undefined;
  const category = filters.data.results
    .filter((filter) => filter.identifier === 'category')
    .flatMap((filter) => filter.properties)
    .find((property) => String(property.id) === String(id));
  return category?.value ?? null;
}

/**
 * The topic view `/{lang}/categories/{id}`: the news stream of one category under its name, 'load
 * more' appending the next page like the news stream. An unknown category goes to 404.
 */
export function CategoryPage({ renderPost }: { renderPost: (post: Post) => ReactNode }) {
  const { t } = useTranslation();
  const raw = useParams().id ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= maxId ? Number(raw) : 0;
  const name = useCategoryName(id);
  const known = id > 0 && typeof name === 'string';
  const query = useInfiniteQuery({ ...newsStreamQuery({ category: String(id) }), enabled: known });
  useLoadFailureRedirect(id === 0 || name === null ? notFound : query.error);
  usePageTitle(name);
  const items = newsItems(query.data);
  if (!known) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('pages.category.loading')} />
      </Box>
    );
  }
  return (
    <Box component="section" aria-labelledby="category-title" sx={{ maxWidth: 820, minWidth: 0 }}>
      <Typography variant="overline" color="text.secondary" component="p">
        {t('pages.category.label')}
      </Typography>
      <Typography id="category-title" variant="h1" sx={{ overflowWrap: 'anywhere', mb: 3 }}>
        {name}
      </Typography>
      {query.isPending && <CircularProgress aria-label={t('news.loading')} />}
      {query.isError && <Alert severity="error">{apiErrorText(t, query.error)}</Alert>}
      {query.isSuccess && items.length === 0 && (
        <Typography color="text.secondary">{t('pages.category.empty')}</Typography>
      )}
      {items.map((item) =>
        item.meta.type === 'post' ? (
          <Box key={item.id}>{renderPost(item as Post)}</Box>
        ) : (
          <ArticleTeaserCard key={item.id} article={item as Article} heading="h2" />
        ),
      )}
      {query.hasNextPage && (
        <Button
          variant="outlined"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('pages.category.more')}
        </Button>
      )}
    </Box>
  );
}
