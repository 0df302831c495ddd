import Download from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { DataExport } from '@plaza/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../app/use-lang';
import { call } from '../lib/api-client';
import { apiErrorText } from '../lib/api-error-text';
import { formatDate } from '../lib/dates';
import { routes } from '../lib/endpoint-routes';
import { formatFileSize } from '../lib/file-size';

/** How often an export being prepared is asked about again. */
const pollMs = 5_000;

const exportKey = (memberId: number, own: boolean) => ['data-export', own ? 'own' : memberId] as const;

/**
 * A member's data export (GDPR): asks for one, shows its state (being prepared, ready with its link
 * and end, expired, failed) and lets the asker download it. `own`: the signed-in member's own data
 * (profile); otherwise an administrator's export of `memberId` (member administration).
 */
export function DataExportControl({ memberId, own }: { memberId: number; own: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const client = useQueryClient();
  const headingId = useId();
  const key = exportKey(memberId, own);
  const status = useQuery({
    queryKey: key,
    queryFn: () =>
      own
        ? call(routes.personalData.ownStatus)
        : call(routes.personalData.statusFor, { params: { id: memberId } }),
    refetchInterval: (query) => {
      const state = query.state.data?.export?.state;
      return state === 'requested' || state === 'running' ? pollMs : false;
    },
  });
  const request = useMutation({
    mutationFn: () =>
      own
        ? call(routes.personalData.requestOwn)
        : call(routes.personalData.requestFor, { params: { id: memberId } }),
    onSuccess: (created: DataExport) => client.setQueryData(key, { export: created }),
  });
  const current = status.data?.export ?? null;
  const state = current?.state ?? null;
  const open = state === 'requested' || state === 'running';
  const date = (value: string | null) => (value ? formatDate(value, 'DD.MM.YYYY HH:mm', lang) : '');

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 0.5 }}>
        {t(own ? 'profile.data_export.title_own' : 'profile.data_export.title_member')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t(own ? 'profile.data_export.intro_own' : 'profile.data_export.intro_member')}
      </Typography>
      <Box role="status" sx={{ mb: 1.5 }}>
        {status.isPending && <CircularProgress size={20} aria-label={t('profile.data_export.loading')} />}
        {open && current && (
          <Typography variant="body2">
            {t('profile.data_export.requested', { date: date(current.requested_at) })}
          </Typography>
        )}
        {state === 'ready' && current && (
          <Typography variant="body2">
            {t('profile.data_export.ready', {
              date: date(current.expires_at),
              size: formatFileSize(current.size ?? 0, i18n.language),
            })}
          </Typography>
        )}
        {state === 'expired' && <Typography variant="body2">{t('profile.data_export.expired')}</Typography>}
        {state === 'failed' && (
          <Typography variant="body2" color="error">
            {t('profile.data_export.failed')}
          </Typography>
        )}
      </Box>
      {(status.error ?? request.error) && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {apiErrorText(t, status.error ?? request.error)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {state === 'ready' && current?.download_path && (
          <Button variant="contained" startIcon={<Download />} href={current.download_path} download>
            {t('profile.data_export.download')}
          </Button>
        )}
        {!open && state !== 'ready' && (
          <Button
            variant="outlined"
            startIcon={<Download />}
            disabled={status.isPending || request.isPending}
            onClick={() => request.mutate()}
          >
            {t(own ? 'profile.data_export.request_own' : 'profile.data_export.request_member')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
