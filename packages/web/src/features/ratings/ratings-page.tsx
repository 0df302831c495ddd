import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RatingListItem } from '@plaza/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useLang } from '../../app/use-lang';
import { UrlPagination } from '../../components/pagination';
import { CardGrid, QueryListState } from '../../components/query-list-state';
import { RatingStars } from '../../components/rating-stars';
import { readFilters, readPage, withFilters } from '../../lib/list-params';
import { exportHref, ratingFiltersQuery, ratingListQuery } from './api';
import { RatingFilters } from './rating-filters';

/** A card of the list: title, 5-star score and count; the whole card opens the rating. */
function RatingCard({ rating }: { rating: RatingListItem }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={`/${lang}/ratings/${rating.id}`} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {rating.title}
          </Typography>
          {rating.city && (
            <Typography variant="body2" color="text.secondary">
              {rating.city}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
            {rating.score !== null ? (
              <RatingStars value={rating.score} size="small" />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('ratings.hidden')}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {t('ratings.count', { count: rating.count })}
            </Typography>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The ratings list (spec 2): filters, the export link for those allowed, cards and pages, all in the address. */
export function RatingsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const search = { page: readPage(params), filters: readFilters(params) };
  const list = useQuery(ratingListQuery(search));
  const filters = useQuery(ratingFiltersQuery());
  const filtered = Object.keys(search.filters).length > 0;

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1">{t('ratings.list_heading')}</Typography>
        {list.data?.can_export && (
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            href={exportHref(search.filters, lang)}
            download
          >
            {t('ratings.export_link')}
          </Button>
        )}
      </Stack>
      <Box component="section" aria-label={t('ratings.filters.title')}>
        <RatingFilters
          options={filters.data ?? []}
          applied={search.filters}
          onChange={(values) => setParams(withFilters(params, values))}
        />
      </Box>
      <QueryListState
        query={list}
        texts={{
          loading: t('ratings.loading'),
          loadFailed: t('ratings.load_failed'),
          retry: t('ratings.retry'),
          noResults: filtered ? t('ratings.empty') : t('ratings.none'),
        }}
      >
        <CardGrid
          items={list.data?.results ?? []}
          label={t('ratings.title')}
          busy={list.isFetching}
          itemKey={(rating) => rating.id}
          renderItem={(rating) => <RatingCard rating={rating} />}
        />
        <UrlPagination count={list.data?.pagination.last ?? 1} />
      </QueryListState>
    </>
  );
}
