import PersonAdd from '@mui/icons-material/PersonAddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MemberAccount } from '@plaza/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useSession } from '../../app/session';
import { useLang } from '../../app/use-lang';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataExportControl } from '../../components/data-export-control';
import { CardGrid, QueryListState } from '../../components/query-list-state';
import { SearchRow } from '../../components/search-box';
import { apiErrorText } from '../../lib/api-error-text';
import { formatDate } from '../../lib/dates';
import { membersQuery, useDeleteMember, useMailPasswordLink, useSetMemberActive } from './api/members';
import { InviteMemberDialog } from './invite-member-dialog';
import { PermissionsDialog } from './permissions-dialog';

const statusColor = { active: 'success', invited: 'info', deactivated: 'default' } as const;

function MemberCard({
  account,
  self,
  onDeactivate,
  onReactivate,
  onMailLink,
  onPermissions,
  onData,
  onDelete,
  busy,
}: {
  account: MemberAccount;
  self: boolean;
  onDeactivate: () => void;
  onReactivate: () => void;
  onMailLink: () => void;
  /** Set for a superadmin viewing another account. */
  onPermissions?: () => void;
  /** Opens the account's data export. */
  onData?: () => void;
  /** Set when the viewer may delete the account (not their own; a superadmin's only as a superadmin). */
  onDelete?: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const name = `${account.firstname} ${account.lastname}`.trim();
  return (
    <Paper variant="outlined" component="article" aria-label={name} sx={{ p: 2, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h2" sx={{ fontWeight: 600, fontSize: '1rem' }}>
          {name}
        </Typography>
        <Chip
          size="small"
          label={t(`members.status.${account.status}`)}
          color={statusColor[account.status]}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {account.username} · {account.email}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('members.since', { date: formatDate(account.created_at, 'DD.MM.YYYY', lang) })}
      </Typography>
      {account.permissions.length > 0 && (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 1 }}>
          {account.permissions.map((permission) => (
            <Chip
              key={permission}
              size="small"
              variant="outlined"
              label={t(`members.permissions.names.${permission}`)}
            />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        {account.status === 'deactivated' ? (
          <Button size="small" variant="outlined" disabled={busy} onClick={onReactivate}>
            {t('members.actions.reactivate')}
          </Button>
        ) : (
          <>
            <Button size="small" disabled={busy} onClick={onMailLink}>
              {account.status === 'invited'
                ? t('members.actions.resend')
                : t('members.actions.reset_password')}
            </Button>
            {onPermissions && (
              <Button size="small" disabled={busy} onClick={onPermissions}>
                {t('members.actions.permissions')}
              </Button>
            )}
            {!self && (
              <Button size="small" color="error" disabled={busy} onClick={onDeactivate}>
                {t('members.actions.deactivate')}
              </Button>
            )}
          </>
        )}
        {onData && (
          <Button size="small" disabled={busy} onClick={onData}>
            {t('members.actions.data')}
          </Button>
        )}
        {onDelete && (
          <Button size="small" color="error" variant="outlined" disabled={busy} onClick={onDelete}>
            {t('members.actions.delete')}
          </Button>
        )}
      </Box>
    </Paper>
  );
}

/**
 * Members (superadmins and the users permission): every account with its state, a search, inviting
 * by email, deactivating and reactivating, mailing a link to set a password, exporting an account's
 * data (the administrator downloads it) and deleting an account (a superadmin's only by a superadmin);
 * superadmins also set other accounts' permissions.
 */
export function MembersPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { user } = useSession();
  const manager = Boolean(
    user && (user.permissions.includes('superadmin') || user.permissions.includes('users')),
  );
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery({ ...membersQuery(query, page), enabled: manager });
  const setActive = useSetMemberActive();
  const mailLink = useMailPasswordLink();
  const [inviting, setInviting] = useState(false);
  const [deactivating, setDeactivating] = useState<MemberAccount | null>(null);
  const [permitting, setPermitting] = useState<MemberAccount | null>(null);
  const [exporting, setExporting] = useState<MemberAccount | null>(null);
  const [deleting, setDeleting] = useState<MemberAccount | null>(null);
  const remove = useDeleteMember();
  const superadmin = Boolean(user?.permissions.includes('superadmin'));
  const [notice, setNotice] = useState<string | null>(null);

  if (!manager) return <Navigate to={`/${lang}/403`} replace />;

  const nameOf = (account: MemberAccount) => `${account.firstname} ${account.lastname}`.trim();
  const failure = setActive.error ?? mailLink.error;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h1" sx={{ flex: 1 }}>
          {t('members.title')}
        </Typography>
        <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setInviting(true)}>
          {t('members.invite.open')}
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('members.intro')}
      </Typography>
      {notice && (
        <Alert severity="success" role="status" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {apiErrorText(t, failure)}
        </Alert>
      )}
      <SearchRow
        label={t('members.search.label')}
        submitLabel={t('members.search.submit')}
        value={query}
        onSearch={(term) => {
          setQuery(term);
          setPage(1);
        }}
        clearLabel={t('members.search.clear')}
        onClear={query ? () => setQuery('') : undefined}
      />
      <QueryListState
        query={list}
        texts={{
          loading: t('members.loading'),
          loadFailed: t('members.load_failed'),
          retry: t('members.retry'),
          noResults: t('members.no_results'),
        }}
      >
        <CardGrid
          items={list.data?.results ?? []}
          label={t('members.list')}
          busy={list.isFetching}
          itemKey={(account) => account.id}
          renderItem={(account) => (
            <MemberCard
              account={account}
              self={account.id === user?.id}
              busy={setActive.isPending || mailLink.isPending || remove.isPending}
              onPermissions={superadmin && account.id !== user?.id ? () => setPermitting(account) : undefined}
              onData={
                superadmin || !account.permissions.includes('superadmin')
                  ? () => setExporting(account)
                  : undefined
              }
              onDelete={
                account.id !== user?.id && (superadmin || !account.permissions.includes('superadmin'))
                  ? () => setDeleting(account)
                  : undefined
              }
              onDeactivate={() => setDeactivating(account)}
              onReactivate={() =>
                setActive.mutate(
                  { id: account.id, active: true },
                  { onSuccess: () => setNotice(t('members.notices.reactivated', { name: nameOf(account) })) },
                )
              }
              onMailLink={() =>
                mailLink.mutate(account.id, {
                  onSuccess: () => setNotice(t('members.notices.link_sent', { email: account.email })),
                })
              }
            />
          )}
        />
        {(list.data?.pagination.last ?? 1) > 1 && (
          <Pagination
            sx={{ mt: 3 }}
            count={list.data?.pagination.last ?? 1}
            page={page}
            onChange={(_, next) => setPage(next)}
          />
        )}
      </QueryListState>
      <InviteMemberDialog
        open={inviting}
        onClose={(email) => {
          setInviting(false);
          if (email) setNotice(t('members.notices.invited', { email }));
        }}
      />
      <PermissionsDialog
        account={permitting}
        onClose={(saved) => {
          if (saved && permitting) setNotice(t('members.notices.permissions', { name: nameOf(permitting) }));
          setPermitting(null);
        }}
      />
      <ConfirmDialog
        open={deactivating !== null}
        title={t('members.confirm_deactivate.title')}
        text={t('members.confirm_deactivate.text', { name: deactivating ? nameOf(deactivating) : '' })}
        confirmLabel={t('members.actions.deactivate')}
        onConfirm={() =>
          deactivating &&
          setActive.mutate(
            { id: deactivating.id, active: false },
            {
              onSuccess: () => {
                setNotice(t('members.notices.deactivated', { name: nameOf(deactivating) }));
                setDeactivating(null);
              },
            },
          )
        }
        onClose={() => setDeactivating(null)}
        pending={setActive.isPending}
        error={null}
        destructive
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('profile.confirm_delete.title')}
        text={t('profile.confirm_delete.text_other', { name: deleting ? nameOf(deleting) : '' })}
        confirmLabel={t('profile.confirm_delete.confirm')}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setNotice(t('members.notices.deleted', { name: nameOf(deleting) }));
              setDeleting(null);
            },
          })
        }
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
        pending={remove.isPending}
        error={remove.error ? apiErrorText(t, remove.error) : null}
        destructive
      />
      <Dialog
        open={exporting !== null}
        onClose={() => setExporting(null)}
        aria-labelledby="member-data-title"
      >
        <DialogTitle id="member-data-title">
          {t('members.data_dialog.title', { name: exporting ? nameOf(exporting) : '' })}
        </DialogTitle>
        <DialogContent>
          {exporting && <DataExportControl memberId={exporting.id} own={false} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setExporting(null)}>{t('members.data_dialog.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
