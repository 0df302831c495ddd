import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import MailOutlined from '@mui/icons-material/MailOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { dateFormats, htmlLang, maxId } from '@plaza/contract/constants';
import type { Job } from '@plaza/contract/jobs';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { useSession } from '../../app/session';
import { useLang } from '../../app/use-lang';
import { ApiRequestError } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { useLoadFailureRedirect } from '../../lib/use-load-failure-redirect';
import { jobQuery } from './api';
import { applyMailto } from './apply-link';
import { JobImage } from './job-image';
import { contextQuery, readJobSearch } from './list-params';

const notFound = new ApiRequestError(404, [{ code: 'not_found', message: 'Not found' }]);

/**
 * A job `/{lang}/jobs/{id}` (spec 2 "Jobs"): every field, availability as DD.MM.YYYY, the previous and
 * next job of the list it was opened from (its search and filters ride along in the address), and the
 * application by email to the settings' receiver, or a note where none is configured.
 */
export function JobPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params] = useSearchParams();
  const raw = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(raw) && Number(raw) <= maxId && Number(raw) > 0 ? Number(raw) : null;
  const { page: _page, ...context } = readJobSearch(params);
  const job = useQuery({ ...jobQuery(id ?? 0, context), enabled: id !== null });
  useLoadFailureRedirect(id === null ? notFound : job.error);
  usePageTitle(job.data?.title);
  const keep = contextQuery(context);
  return (
    <>
      <Link
        component={RouterLink}
        to={`/${lang}/jobs${keep}`}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        {t('jobs.job.back')}
      </Link>
      {!job.data && !job.isError && id !== null && <CircularProgress aria-label={t('jobs.job.loading')} />}
      {job.data && <JobView job={job.data} keep={keep} />}
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {label}:
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function JobView({ job, keep }: { job: Job; keep: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { settings, user } = useSession();
  const written = htmlLang(job.locale);
  const location = job.location?.name ?? t('jobs.no_location');
  const mailto = applyMailto(
    settings.jobs_option.receiver_email,
    t('jobs.job.apply_subject', { title: job.title }),
    t('jobs.job.apply_body', {
      title: job.title,
      location,
      name: user ? `${user.firstname} ${user.lastname}`.trim() : '',
    }),
  );
  return (
    <Box component="article" aria-labelledby="job-title" sx={{ maxWidth: 820 }}>
      <Box component="header" sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <JobImage src={job.img} />
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <Typography id="job-title" variant="h1" lang={written} sx={{ overflowWrap: 'anywhere', mb: 2 }}>
            {job.title}
          </Typography>
          <Box component="dl" aria-label={t('jobs.job.facts')} sx={{ m: 0, display: 'grid', gap: 0.5 }}>
            <Fact label={t('jobs.job.field')}>{job.field.label}</Fact>
            <Fact label={t('jobs.job.location')}>{location}</Fact>
            <Fact label={t('jobs.job.employment_type')}>{job.employment_type.label}</Fact>
            <Fact label={t('jobs.job.available_in')}>
              {job.available_in
                ? formatDate(job.available_in, dateFormats.jobAvailability, lang)
                : t('jobs.job.available_now')}
            </Fact>
          </Box>
        </Box>
      </Box>
      {job.tasks.length > 0 && (
        <Section title={t('jobs.job.tasks')}>
          <Box component="ul" lang={written} sx={{ pl: 3, my: 0 }}>
            {job.tasks.map((task, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: tasks are plain texts that may repeat
              <Typography component="li" key={index} sx={{ mb: 0.5 }}>
                {task}
              </Typography>
            ))}
          </Box>
        </Section>
      )}
      {job.profile && (
        <Section title={t('jobs.job.profile')}>
          <Typography lang={written} sx={{ whiteSpace: 'pre-line' }}>
            {job.profile}
          </Typography>
        </Section>
      )}
      {job.offer && (
        <Section title={t('jobs.job.offer')}>
          <Typography lang={written} sx={{ whiteSpace: 'pre-line' }}>
            {job.offer}
          </Typography>
        </Section>
      )}
      <Box sx={{ mt: 4 }}>
        {mailto ? (
          <>
            <Button
              variant="contained"
              size="large"
              href={mailto}
              startIcon={<MailOutlined aria-hidden />}
              aria-describedby="job-apply-hint"
            >
              {t('jobs.job.apply')}
            </Button>
            <Typography id="job-apply-hint" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('jobs.job.apply_hint')}
            </Typography>
          </>
        ) : (
          <Alert severity="info">{t('jobs.job.no_receiver')}</Alert>
        )}
      </Box>
      <Neighbours pagination={job.pagination} keep={keep} />
    </Box>
  );
}

/** Links to the previous and next job of the list, keeping its search and filters. */
function Neighbours({ pagination, keep }: { pagination: Job['pagination']; keep: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (pagination.prev === null && pagination.next === null) return null;
  return (
    <Box
      component="nav"
      aria-label={t('jobs.job.neighbours')}
      sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 4, flexWrap: 'wrap' }}
    >
      {pagination.prev !== null ? (
        <Button
          component={RouterLink}
          to={`/${lang}/jobs/${pagination.prev}${keep}`}
          startIcon={<ChevronLeft aria-hidden />}
          rel="prev"
        >
          {t('jobs.job.prev')}
        </Button>
      ) : (
        <span />
      )}
      {pagination.next !== null && (
        <Button
          component={RouterLink}
          to={`/${lang}/jobs/${pagination.next}${keep}`}
          endIcon={<ChevronRight aria-hidden />}
          rel="next"
        >
          {t('jobs.job.next')}
        </Button>
      )}
    </Box>
  );
}
