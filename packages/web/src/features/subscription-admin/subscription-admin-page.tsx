import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type UseMutationResult, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '../../app/session';
import { useLang } from '../../app/use-lang';
import { AdminRowList } from '../../components/admin-row-list';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { HydrateApart } from '../../components/hydrate-apart';
import { apiErrorText } from '../../lib/api-error-text';
import { formatMoney, formatPercent } from '../../lib/money';
import {
  adminGiftsQuery,
  adminOptionsQuery,
  adminTopicsQuery,
  useDeleteGift,
  useDeleteOption,
  useDeleteTopic,
} from './api';
import { GiftEditor } from './gift-editor';
import { OptionEditor } from './option-editor';
import { TopicEditor } from './topic-editor';

const tabs = ['options', 'gifts', 'topics'] as const;
type AdminTab = (typeof tabs)[number];

/** Superadmins and the shop permission (the server's rule for these calls). */
function useManagesSubscriptions(): boolean {
  const { user } = useSession();
  return Boolean(user && (user.permissions.includes('superadmin') || user.permissions.includes('shop')));
}

/** What is being edited: nothing, a new one ('new') or the one with this id. */
type Editing = null | 'new' | number;

/**
 * One tab's list (options, gifts or topics): a button for a new one or the open editor, the rows with
 * edit and delete (after a confirmation).
 */
function ItemsTab<T extends { id: number }>({
  kind,
  query,
  remove,
  title,
  details,
  editor,
}: {
  kind: AdminTab;
  query: UseQueryResult<T[]>;
  remove: UseMutationResult<unknown, Error, number>;
  title: (item: T) => string;
  details: (item: T) => React.ReactNode;
  editor: (item: T | undefined, onDone: () => void) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const list = query.data ?? [];
  return (
    <>
      {editing !== null ? (
        <Fragment key={String(editing)}>
          {editor(editing === 'new' ? undefined : list.find((item) => item.id === editing), () =>
            setEditing(null),
          )}
        </Fragment>
      ) : (
        <Button variant="contained" onClick={() => setEditing('new')} sx={{ mb: 2 }}>
          {t(`registration.admin.${kind}.new`)}
        </Button>
      )}
      <AdminRowList
        label={t(`registration.admin.tabs.${kind}`)}
        list={query}
        count={list.length}
        texts={{
          loading: t('registration.loading'),
          loadMore: '',
          retry: t('registration.retry'),
          empty: t(`registration.admin.${kind}.empty`),
        }}
      >
        {list.map((item) => (
          <Row
            key={item.id}
            title={title(item)}
            details={details(item)}
            onEdit={() => setEditing(item.id)}
            onDelete={() => setDeleting(item.id)}
          />
        ))}
      </AdminRowList>
      <ConfirmDialog
        open={deleting !== null}
        title={t('registration.admin.delete_title')}
        text={t(`registration.admin.${kind}.delete_text`)}
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
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
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
    </Paper>
  );
}

function ActiveChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" label={t(active ? 'registration.admin.active' : 'registration.admin.inactive')} />
  );
}

function OptionsTab() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <ItemsTab
      kind="options"
      query={useQuery(adminOptionsQuery())}
      remove={useDeleteOption()}
      title={(option) => (lang === 'de_DE' ? option.name_de : option.name_en)}
      details={(option) => (
        <>
          {t(`registration.subscription.per_${option.period}`, {
            price: formatMoney(option.price, option.currency, lang),
          })}{' '}
          · {t('registration.admin.tax', { rate: formatPercent(option.tax_rate, lang) })} ·{' '}
          {t('registration.admin.terms', { count: option.minimum_term, days: option.notice_days })}{' '}
          <ActiveChip active={option.active} />
        </>
      )}
      editor={(option, onDone) => <OptionEditor option={option} onDone={onDone} />}
    />
  );
}

function GiftsTab() {
  const { t } = useTranslation();
  const lang = useLang();
  const options = useQuery(adminOptionsQuery());
  return (
    <ItemsTab
      kind="gifts"
      query={useQuery(adminGiftsQuery())}
      remove={useDeleteGift()}
      title={(gift) => (lang === 'de_DE' ? gift.name_de : gift.name_en)}
      details={(gift) => (
        <>
          {gift.stock === null
            ? t('registration.admin.unlimited')
            : t('registration.admin.stock', { count: gift.stock })}{' '}
          · {t('registration.admin.gifts.options', { count: gift.subscription_option_ids.length })}{' '}
          <ActiveChip active={gift.active} />
        </>
      )}
      editor={(gift, onDone) => <GiftEditor gift={gift} options={options.data ?? []} onDone={onDone} />}
    />
  );
}

function TopicsTab() {
  return (
    <ItemsTab
      kind="topics"
      query={useQuery(adminTopicsQuery())}
      remove={useDeleteTopic()}
      title={(topic) => topic.label_de}
      details={(topic) => topic.label_en}
      editor={(topic, onDone) => <TopicEditor topic={topic} onDone={onDone} />}
    />
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
        <HydrateApart>
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
        </HydrateApart>
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
