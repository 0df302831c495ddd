import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FilterPanel, filterDefinitions } from '../../components/filter-panel';
import { UrlPagination } from '../../components/pagination';
import { SearchBox } from '../../components/search-box';
import { readFilters, readPage, withFilters, withQuery } from '../../lib/list-params';
import { occasionFiltersQuery, occasionListQuery } from './api/occasions';
import { OccasionCard } from './occasion-card';

/**
 * The occasions page: coming birthdays and anniversaries with a search text (`query`), filters
 * (`filters[type|locations|areas]`) and pages (`page`), all in the address.
 */
export function OccasionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = params.get('query')?.trim() || undefined;
  const search = { page: readPage(params), query, filters: readFilters(params) };
  const list = useQuery(occasionListQuery(search));
  const filters = useQuery(occasionFiltersQuery());
  const results = list.data?.results ?? [];

  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('occasions.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('occasions.intro')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}>
        <SearchBox
          label={t('occasions.search.label')}
          submitLabel={t('occasions.search.submit')}
          value={query ?? ''}
          onSearch={(term) => setParams(withQuery(params, term))}
        />
        {query && (
          <Button variant="text" onClick={() => setParams(withQuery(params, null))}>
            {t('occasions.search.clear')}
          </Button>
        )}
      </Box>
      <Box sx={{ mb: 3 }}>
        <FilterPanel
          filters={filterDefinitions(filters.data ?? [])}
          applied={search.filters}
          onApply={(values) => setParams(withFilters(params, values))}
        />
      </Box>
      {list.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('occasions.loading')} />
        </Box>
      ) : list.isError && !list.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('occasions.retry')}
            </Button>
          }
        >
          {t('occasions.load_failed')}
        </Alert>
      ) : results.length === 0 ? (
        <Typography role="status" sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
          {t('occasions.no_results')}
        </Typography>
      ) : (
        <>
          <Grid
            container
            spacing={2}
            component="ul"
            aria-label={t('occasions.list')}
            aria-busy={list.isFetching}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {results.map((occasion) => (
              <Grid key={occasion.id} component="li" size={{ xs: 12, sm: 4, lg: 3 }}>
                <OccasionCard occasion={occasion} />
              </Grid>
            ))}
          </Grid>
          <UrlPagination count={list.data?.pagination.last ?? 1} />
        </>
      )}
    </>
  );
}
