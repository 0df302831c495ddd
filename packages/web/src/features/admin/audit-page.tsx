import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AuditEvent, auditQuerySchema, auditResourceTypes } from '@plaza/contract/admin';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminRowList } from '../../components/admin-row-list';
import { Moment } from '../../components/moment';
import { type AuditFilters, auditQuery } from './api';
import { ValueDiff } from './value-diff';

const filterNames = ['resource_type', 'action', 'actor_id', 'from', 'to'] as const;
type FilterForm = Record<(typeof filterNames)[number], string>;

/** The filters the address names (`?resource_type=page&from=2026-12-01`); what the contract refuses is left out. */
function filtersOf(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of filterNames) {
    const value = params.get(name);
    if (!value) continue;
    const checked = auditQuerySchema.shape[name].safeParse(name === 'actor_id' ? Number(value) : value);
    if (checked.success && checked.data !== undefined) Object.assign(filters, { [name]: checked.data });
  }
  return filters;
}

/**
 * The `audit` section: the audit log newest first, filtered by resource, action, actor and dates (kept in
 * the address), each entry opened to show what it changed.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [form, setForm] = useState<FilterForm>(
    () => Object.fromEntries(filterNames.map((name) => [name, String(filters[name] ?? '')])) as FilterForm,
  );
  const events = useInfiniteQuery(auditQuery(filters));
  const list = events.data?.pages.flatMap((page) => page.results) ?? [];
  const field = (name: (typeof filterNames)[number]) => ({
    name,
    label: t(`admin.audit.filters.${name}`),
    value: form[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setForm({ ...form, [name]: event.target.value }),
    size: 'small' as const,
  });
  return (
    <>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('admin.audit.title')}
      </Typography>
      <Box
        component="form"
        role="search"
        aria-label={t('admin.audit.filters.label')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setParams(
            Object.fromEntries(filterNames.filter((name) => form[name]).map((name) => [name, form[name]])),
          );
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 3 }}
      >
        <TextField {...field('resource_type')} select sx={{ minWidth: 180 }}>
          <MenuItem value="">{t('admin.audit.filters.any')}</MenuItem>
          {auditResourceTypes.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`admin.audit.resources.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField {...field('action')} placeholder="page.update" />
        <TextField
          {...field('actor_id')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 140 }}
        />
        <TextField {...field('from')} type="date" slotProps={{ inputLabel: { shrink: true } }} />
        <TextField {...field('to')} type="date" slotProps={{ inputLabel: { shrink: true } }} />
        <Button type="submit" variant="contained">
          {t('admin.audit.filters.apply')}
        </Button>
      </Box>
      <AdminRowList
        label={t('admin.audit.list')}
        list={events}
        count={list.length}
        texts={{
          loading: t('admin.loading'),
          loadMore: t('admin.more'),
          retry: t('admin.retry'),
          empty: t('admin.audit.empty'),
        }}
      >
        {list.map((event) => (
          <AuditRow key={event.id} event={event} />
        ))}
      </AdminRowList>
    </>
  );
}

function AuditRow({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panel = `audit-${event.id}`;
  const resource = t(`admin.audit.resources.${event.resource_type}`);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>
          <Moment value={event.at} />
        </Typography>
        <Typography component="code" sx={{ fontFamily: 'monospace' }}>
          {event.action}
        </Typography>
        <Typography color="text.secondary">
          {event.resource_id ? `${resource} ${event.resource_id}` : resource} ·{' '}
          {event.actor?.name ?? t('admin.audit.no_actor')}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
          {t(open ? 'admin.audit.hide' : 'admin.audit.show')}
        </Button>
      </Box>
      {open && (
        <Box id={panel} sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('admin.audit.origin', { ip: event.ip ?? '–', agent: event.user_agent ?? '–' })}
          </Typography>
          <ValueDiff
            from={event.before}
            to={event.after}
            label={t('admin.audit.diff_label')}
            legend={t('admin.audit.diff_legend')}
          />
        </Box>
      )}
    </Paper>
  );
}
