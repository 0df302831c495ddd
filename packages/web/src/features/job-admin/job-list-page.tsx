import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { dateFormats } from '@plaza/contract/constants';
import { type AdminJobListItem, type JobState, jobStates } from '@plaza/contract/jobs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { useLang } from '../../app/use-lang';
import { AdminRowList } from '../../components/admin-row-list';
import { SingleSelect } from '../../components/single-select';
import { formatDate } from '../../lib/dates';
import { useManagesJobs } from './access';
import { adminJobsQuery } from './api';

const isJobState = (value: string | null): value is JobState =>
  (jobStates as readonly (string | null)[]).includes(value);

const stateColor = { draft: 'default', open: 'success', closed: 'warning' } as const;

/** The jobs administration `/{lang}/admin/jobs`: every job, newest first (superadmins and the jobs permission). */
export function JobListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const allowed = useManagesJobs();
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state');
  const state = isJobState(stateParam) ? stateParam : null;
  const list = useInfiniteQuery({ ...adminJobsQuery(state), enabled: allowed });

  if (!allowed) return <Navigate to={`/${lang}/403`} replace />;
  const jobs = list.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h1" sx={{ flex: 1 }}>
          {t('jobs.admin.title')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<Add aria-hidden />}
          component={RouterLink}
          to={`/${lang}/admin/jobs/new`}
        >
          {t('jobs.admin.new_job')}
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('jobs.admin.intro')}
      </Typography>
      <Box sx={{ maxWidth: 320, mb: 2 }}>
        <SingleSelect
          label={t('jobs.admin.filter_state')}
          options={jobStates.map((value) => ({ value, label: t(`jobs.admin.states.${value}`) }))}
          value={state}
          onChange={(value) => setParams(value ? { state: value } : {}, { replace: true })}
        />
      </Box>
      <AdminRowList
        label={t('jobs.admin.list')}
        list={list}
        count={jobs.length}
        texts={{
          loading: t('jobs.admin.loading'),
          loadMore: t('jobs.admin.load_more'),
          retry: t('jobs.admin.retry'),
          empty: t('jobs.admin.no_jobs'),
        }}
      >
        {jobs.map((job) => (
          <JobRow key={job.id} job={job} />
        ))}
      </AdminRowList>
    </>
  );
}

function JobRow({ job }: { job: AdminJobListItem }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Link
          component={RouterLink}
          to={`/${lang}/admin/jobs/${job.id}`}
          sx={{ fontWeight: 600, fontSize: '1.05rem', overflowWrap: 'anywhere' }}
        >
          {job.title}
        </Link>
        <Chip size="small" color={stateColor[job.state]} label={t(`jobs.admin.states.${job.state}`)} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {[
          job.location ?? t('jobs.admin.no_location'),
          ...(job.published_at
            ? [t('jobs.admin.published', { date: formatDate(job.published_at, dateFormats.day, lang) })]
            : []),
        ].join(' · ')}
      </Typography>
    </Paper>
  );
}
