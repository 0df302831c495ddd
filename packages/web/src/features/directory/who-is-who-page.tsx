import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FilterPanel, filterDefinitions } from '../../components/filter-panel';
import { UrlPagination } from '../../components/pagination';
import { CardGrid, QueryListState } from '../../components/query-list-state';
import { SearchRow } from '../../components/search-box';
import { UserCard } from '../../components/user-card';
import { withFilters } from '../../lib/list-params';
import { directoryFiltersQuery, directoryListQuery, searchFieldsQuery } from './api/directory';
import { readDirectorySearch, withDirectoryQuery } from './search-params';

/**
 * The who-is-who: search box, filter panel, clear-search button, member cards (4, 3 or 1 per row) and
 * page links. The whole search lives in the address: `page`, `query`, `filters[<facet>]`, and for an
 * extended search from the search bar `type=extendedSearch` with `q` and `field_id`.
 */
export function WhoIsWhoPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = readDirectorySearch(params);
  const list = useQuery(directoryListQuery(search));
  const filters = useQuery(directoryFiltersQuery());
  const fields = useQuery({ ...searchFieldsQuery(), enabled: search.type === 'extendedSearch' });
  const searching = search.query !== undefined;
  const fieldName = fields.data?.find((field) => field.field_id === search.fieldId)?.name;
  const results = list.data?.results ?? [];

  return (
    <>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t('who_is_who.title')}
      </Typography>
      <SearchRow
        label={t('who_is_who.search.label')}
        submitLabel={t('who_is_who.search.submit')}
        // The search bar's text shows here too; searching from here makes it a search of all fields.
        value={search.query ?? ''}
        onSearch={(term) => setParams(withDirectoryQuery(params, term))}
        clearLabel={t('who_is_who.search.clear')}
        onClear={searching ? () => setParams(withDirectoryQuery(params, null)) : undefined}
      />
      {search.type === 'extendedSearch' && search.query && (
        <Typography sx={{ mb: 2 }} role="status">
          {fieldName
            ? t('who_is_who.search.in_field', { query: search.query, field: fieldName })
            : t('who_is_who.search.for', { query: search.query })}
        </Typography>
      )}
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
          loading: t('who_is_who.loading'),
          loadFailed: t('who_is_who.load_failed'),
          retry: t('who_is_who.retry'),
          noResults: t('who_is_who.no_results'),
        }}
      >
        <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('who_is_who.count', { count: list.data?.pagination.total ?? results.length })}
        </Typography>
        <CardGrid
          items={results}
          label={t('who_is_who.results')}
          busy={list.isFetching}
          itemKey={(user) => user.id}
          renderItem={(user) => <UserCard user={user} />}
        />
        <UrlPagination count={list.data?.pagination.last ?? 1} />
      </QueryListState>
    </>
  );
}
