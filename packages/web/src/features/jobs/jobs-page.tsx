import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { htmlLang } from '@plaza/contract/constants';
import type { JobList } from '@plaza/contract/jobs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useLang } from '../../app/use-lang';
import { EmployerRatingCard } from '../../components/employer-rating-card';
import { QueryListState } from '../../components/query-list-state';
import { SearchRow } from '../../components/search-box';
import { withFilters, withQuery } from '../../lib/list-params';
import { jobFiltersQuery, jobListQuery } from './api';
import { JobFilters } from './job-filters';
import { JobImage } from './job-image';
import { JobsIntro } from './jobs-intro';
import { contextQuery, emptyListKey, readJobSearch } from './list-params';

/**
 * The jobs list `/{lang}/jobs` (spec 2 "Jobs"): intro, search, single-select filters, rows of open jobs
 * (image, location, title) and page links, all in the address (`query`, `filters[...]`, `page`); the
 * employer-rating card beside it (of the chosen location, else of every location).
 */
export function JobsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = readJobSearch(params);
  const list = useQuery(jobListQuery(search));
  const filters = useQuery(jobFiltersQuery());
  const chosenLocation =
    search.filters.location?.length === 1 ? Number(search.filters.location[0]) : undefined;
  const context = { query: search.query, filters: search.filters };

  return (
    <>
      <JobsIntro />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 300px' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <SearchRow
            label={t('jobs.search.label')}
            submitLabel={t('jobs.search.submit')}
            value={search.query ?? ''}
            onSearch={(term) => setParams(withQuery(params, term))}
            clearLabel={t('jobs.search.clear')}
            onClear={search.query ? () => setParams(withQuery(params, null)) : undefined}
          />
          <JobFilters
            filters={filters.data ?? []}
            applied={search.filters}
            onChange={(next) => setParams(withFilters(params, next))}
          />
          <QueryListState
            query={list}
            texts={{
              loading: t('jobs.loading'),
              loadFailed: t('jobs.load_failed'),
              retry: t('jobs.retry'),
              noResults: t(emptyListKey(context)),
            }}
          >
            <JobRows list={list.data} busy={list.isFetching} linkQuery={contextQuery(context)} />
          </QueryListState>
          {list.data && <JobPages pagination={list.data.pagination} />}
        </Box>
        <Box component="aside" sx={{ minWidth: 0 }}>
          <EmployerRatingCard locationId={Number.isInteger(chosenLocation) ? chosenLocation : undefined} />
        </Box>
      </Box>
    </>
  );
}

function JobRows({ list, busy, linkQuery }: { list: JobList | undefined; busy: boolean; linkQuery: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Box
      component="ul"
      aria-label={t('jobs.list')}
      aria-busy={busy}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
    >
      {(list?.results ?? []).map((job) => (
        <Paper component="li" key={job.id} variant="outlined" sx={{ p: 1.5 }}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <JobImage src={job.img} compact />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary">
                {job.location?.name ?? t('jobs.no_location')}
              </Typography>
              <Link
                component={RouterLink}
                to={`/${lang}/jobs/${job.id}${linkQuery}`}
                lang={htmlLang(job.locale)}
                sx={{ fontWeight: 600, fontSize: '1.1rem', overflowWrap: 'anywhere' }}
              >
                {job.title}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {job.field.label} · {job.employment_type.label}
              </Typography>
            </Box>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

/** Previous and next page links of the stream-paged list (no total), the page in the address. */
function JobPages({ pagination }: { pagination: JobList['pagination'] }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (pagination.prev === null && pagination.next === null) return null;
  const to = (page: number) => {
    const next = new URLSearchParams(params);
    if (page === 1) next.delete('page');
    else next.set('page', String(page));
    const text = next.toString();
    return text ? `?${text}` : '?';
  };
  return (
    <Box
      component="nav"
      aria-label={t('jobs.pagination.label')}
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 2, mt: 3 }}
    >
      <Button
        component={RouterLink}
        to={to(pagination.prev ?? 1)}
        disabled={pagination.prev === null}
        variant="outlined"
      >
        {t('jobs.pagination.previous')}
      </Button>
      <Typography aria-current="page">{t('jobs.pagination.current', { page: pagination.self })}</Typography>
      <Button
        component={RouterLink}
        to={to(pagination.next ?? pagination.self)}
        disabled={pagination.next === null}
        variant="outlined"
      >
        {t('jobs.pagination.next')}
      </Button>
    </Box>
  );
}
