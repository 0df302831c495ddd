import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FilterPanel, filterDefinitions } from '../../components/filter-panel';
import { UrlPagination } from '../../components/pagination';
import { CardGrid, QueryListState } from '../../components/query-list-state';
import { SearchRow } from '../../components/search-box';
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
      <SearchRow
        label={t('occasions.search.label')}
        submitLabel={t('occasions.search.submit')}
        value={query ?? ''}
        onSearch={(term) => setParams(withQuery(params, term))}
        clearLabel={t('occasions.search.clear')}
        onClear={query ? () => setParams(withQuery(params, null)) : undefined}
      />
      <Box sx={{ mb: 3 }}>
        <FilterPanel
          filters={filterDefinitions(filters.data ?? [])}
          applied={search.filters}
          onApply={(values) => setParams(withFilters(params, values))}
        />
      </Box>
      <QueryListState
        query={list}
        texts={{
          loading: t('occasions.loading'),
          loadFailed: t('occasions.load_failed'),
          retry: t('occasions.retry'),
          noResults: t('occasions.no_results'),
        }}
      >
        <CardGrid
          items={results}
          label={t('occasions.list')}
          busy={list.isFetching}
          itemKey={(occasion) => occasion.id}
          renderItem={(occasion) => <OccasionCard occasion={occasion} />}
        />
        <UrlPagination count={list.data?.pagination.last ?? 1} />
      </QueryListState>
    </>
  );
}
