import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '../../app/session';
import { useLang } from '../../app/use-lang';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { apiErrorText } from '../../lib/api-error-text';
import { formatMoney, formatPercent } from '../../lib/money';
import {
  adminGiftsQuery,
  adminOptionsQuery,
  adminTopicsQuery,
  useDeleteGift,
  useDeleteOption,
  useDeleteTopic,
  useSaveTopic,
} from './api';
import { GiftEditor } from './gift-editor';
import { OptionEditor } from './option-editor';

const tabs = ['options', 'gifts', 'topics'] as const;
type AdminTab = (typeof tabs)[number];

/** Superadmins and the shop permission (the server's rule for these calls). */
function useManagesSubscriptions(): boolean {
  const { user } = useSession();
  return Boolean(user && (user.permissions.includes('superadmin') || user.permissions.includes('shop')));
}

/** What is being edited: nothing, a new one ('new') or the one with this id. */
type Editing = null | 'new' | number;

function Rows({ children }: { children: React.ReactNode }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {children}
    </Box>
  );
}

function Row({
  title,
  details,
  onEdit,
  onDelete,
}: {
  title: string;
  details: React.ReactNode;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="li"
      sx={{
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        alignItems: 'center',
      }}
    >
      <Box sx={{ flex: '1 1 240px' }}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary" component="div">
          {details}
        </Typography>
      </Box>
      <Button onClick={onEdit} aria-label={`${t('registration.admin.edit')}: ${title}`}>
        {t('registration.admin.edit')}
      </Button>
      <Button color="error" onClick={onDelete} aria-label={`${t('registration.admin.delete')}: ${title}`}>
        {t('registration.admin.delete')}
      </Button>
    </Box>
  );
}

function OptionsTab() {
  const { t } = useTranslation();
  const lang = useLang();
  const options = useQuery(adminOptionsQuery());
  const remove = useDeleteOption();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const list = options.data ?? [];
  const name = (option: (typeof list)[number]) => (lang === 'de_DE' ? option.name_de : option.name_en);
  return (
    <>
      {editing !== null ? (
        <OptionEditor
          key={String(editing)}
          option={editing === 'new' ? undefined : list.find((option) => option.id === editing)}
          onDone={() => setEditing(null)}
        />
      ) : (
        <Button variant="contained" onClick={() => setEditing('new')} sx={{ mb: 2 }}>
          {t('registration.admin.options.new')}
        </Button>
      )}
      {options.isPending && <CircularProgress aria-label={t('registration.loading')} />}
      {options.isError && <Alert severity="error">{apiErrorText(t, options.error)}</Alert>}
      {options.isSuccess && list.length === 0 && (
        <Typography>{t('registration.admin.options.empty')}</Typography>
      )}
      <Rows>
        {list.map((option) => (
          <Row
            key={option.id}
            title={name(option)}
            details={
              <>
                {t(`registration.subscription.per_${option.period}`, {
                  price: formatMoney(option.price, option.currency, lang),
                })}{' '}
                · {t('registration.admin.tax', { rate: formatPercent(option.tax_rate, lang) })} ·{' '}
                {t('registration.admin.terms', { count: option.minimum_term, days: option.notice_days })}{' '}
                <Chip
                  size="small"
                  label={t(option.active ? 'registration.admin.active' : 'registration.admin.inactive')}
                />
              </>
            }
            onEdit={() => setEditing(option.id)}
            onDelete={() => setDeleting(option.id)}
          />
        ))}
      </Rows>
      <ConfirmDialog
        open={deleting !== null}
        title={t('registration.admin.delete_title')}
        text={t('registration.admin.options.delete_text')}
        confirmLabel={t('registration.admin.delete')}
        destructive
        pending={remove.isPending}
        error={remove.isError ? apiErrorText(t, remove.error) : null}
        onConfirm={() => deleting !== null && remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </>
  );
}

function GiftsTab() {
  const { t } = useTranslation();
  const lang = useLang();
  const gifts = useQuery(adminGiftsQuery());
  const options = useQuery(adminOptionsQuery());
  const remove = useDeleteGift();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const list = gifts.data ?? [];
  return (
    <>
      {editing !== null ? (
        <GiftEditor
          key={String(editing)}
          gift={editing === 'new' ? undefined : list.find((gift) => gift.id === editing)}
          options={options.data ?? []}
          onDone={() => setEditing(null)}
        />
      ) : (
        <Button variant="contained" onClick={() => setEditing('new')} sx={{ mb: 2 }}>
          {t('registration.admin.gifts.new')}
        </Button>
      )}
      {gifts.isPending && <CircularProgress aria-label={t('registration.loading')} />}
      {gifts.isError && <Alert severity="error">{apiErrorText(t, gifts.error)}</Alert>}
      {gifts.isSuccess && list.length === 0 && <Typography>{t('registration.admin.gifts.empty')}</Typography>}
      <Rows>
        {list.map((gift) => (
          <Row
            key={gift.id}
            title={lang === 'de_DE' ? gift.name_de : gift.name_en}
            details={
              <>
                {gift.stock === null
                  ? t('registration.admin.unlimited')
                  : t('registration.admin.stock', { count: gift.stock })}{' '}
                · {t('registration.admin.gifts.options', { count: gift.subscription_option_ids.length })}{' '}
                <Chip
                  size="small"
                  label={t(gift.active ? 'registration.admin.active' : 'registration.admin.inactive')}
                />
              </>
            }
            onEdit={() => setEditing(gift.id)}
            onDelete={() => setDeleting(gift.id)}
          />
        ))}
      </Rows>
      <ConfirmDialog
        open={deleting !== null}
        title={t('registration.admin.delete_title')}
        text={t('registration.admin.gifts.delete_text')}
        confirmLabel={t('registration.admin.delete')}
        destructive
        pending={remove.isPending}
        error={remove.isError ? apiErrorText(t, remove.error) : null}
        onConfirm={() => deleting !== null && remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </>
  );
}

function TopicsTab() {
  const { t } = useTranslation();
  const topics = useQuery(adminTopicsQuery());
  const save = useSaveTopic();
  const remove = useDeleteTopic();
  const [editing, setEditing] = useState<Editing>(null);
  const [labels, setLabels] = useState({ label_de: '', label_en: '' });
  const [deleting, setDeleting] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const list = topics.data ?? [];
  const open = (id: Editing) => {
    const topic = list.find((item) => item.id === id);
    setLabels({ label_de: topic?.label_de ?? '', label_en: topic?.label_en ?? '' });
    setMissing(false);
    save.reset();
    setEditing(id);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!labels.label_de.trim() || !labels.label_en.trim()) return setMissing(true);
    save.mutate(
      {
        id: editing === 'new' || editing === null ? null : editing,
        label_de: labels.label_de.trim(),
        label_en: labels.label_en.trim(),
      },
      { onSuccess: () => setEditing(null) },
    );
  };
  return (
    <>
      {editing !== null ? (
        <Paper
          component="form"
          noValidate
          onSubmit={submit}
          variant="outlined"
          sx={{ p: 2, mb: 3 }}
          aria-label={t('registration.admin.topics.form')}
        >
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            {(['label_de', 'label_en'] as const).map((name) => (
              <TextField
                key={name}
                name={name}
                required
                label={t(`registration.admin.form.${name}`)}
                value={labels[name]}
                onChange={(event) => setLabels({ ...labels, [name]: event.target.value })}
                error={missing && !labels[name].trim()}
                helperText={
                  missing && !labels[name].trim() ? t('registration.admin.form.required') : undefined
                }
                margin="normal"
                fullWidth
                slotProps={{ htmlInput: { maxLength: 80 } }}
              />
            ))}
          </Box>
          {save.isError && <Alert severity="error">{apiErrorText(t, save.error)}</Alert>}
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t('registration.admin.save')}
            </Button>
            <Button onClick={() => setEditing(null)}>{t('registration.admin.cancel')}</Button>
          </Box>
        </Paper>
      ) : (
        <Button variant="contained" onClick={() => open('new')} sx={{ mb: 2 }}>
          {t('registration.admin.topics.new')}
        </Button>
      )}
      {topics.isPending && <CircularProgress aria-label={t('registration.loading')} />}
      {topics.isError && <Alert severity="error">{apiErrorText(t, topics.error)}</Alert>}
      {topics.isSuccess && list.length === 0 && (
        <Typography>{t('registration.admin.topics.empty')}</Typography>
      )}
      <Rows>
        {list.map((topic) => (
          <Row
            key={topic.id}
            title={topic.label_de}
            details={topic.label_en}
            onEdit={() => open(topic.id)}
            onDelete={() => setDeleting(topic.id)}
          />
        ))}
      </Rows>
      <ConfirmDialog
        open={deleting !== null}
        title={t('registration.admin.delete_title')}
        text={t('registration.admin.topics.delete_text')}
        confirmLabel={t('registration.admin.delete')}
        destructive
        pending={remove.isPending}
        error={remove.isError ? apiErrorText(t, remove.error) : null}
        onConfirm={() => deleting !== null && remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </>
  );
}

/**
 * `/{lang}/admin/subscriptions` (superadmins and the shop permission): the subscription options, the
 * gifts that come with them and the registration's topics (`?tab=`).
 */
export function SubscriptionAdminPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const allowed = useManagesSubscriptions();
  const [params, setParams] = useSearchParams();
  const tab: AdminTab = (tabs as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as AdminTab)
    : 'options';
  if (!allowed) return <Navigate to={`/${lang}/403`} replace />;
  return (
    <>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('registration.admin.title')}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: AdminTab) => setParams(value === 'options' ? {} : { tab: value })}
          aria-label={t('registration.admin.title')}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {tabs.map((value) => (
            <Tab
              key={value}
              value={value}
              label={t(`registration.admin.tabs.${value}`)}
              id={`subscription-admin-tab-${value}`}
              aria-controls={`subscription-admin-panel-${value}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box
        role="tabpanel"
        id={`subscription-admin-panel-${tab}`}
        aria-labelledby={`subscription-admin-tab-${tab}`}
      >
        {tab === 'options' ? <OptionsTab /> : tab === 'gifts' ? <GiftsTab /> : <TopicsTab />}
      </Box>
    </>
  );
}
