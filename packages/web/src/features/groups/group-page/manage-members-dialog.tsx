import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Pagination from '@mui/material/Pagination';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Group } from '@plaza/contract';
import { timings } from '@plaza/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { apiErrorText } from '../../../lib/api-error-text';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { groupUsersQuery, useResendInvitations } from '../api/group';
import { MemberAvatar } from '../components/member-avatar';
import { manageMembersPageSize } from '../page-sizes';
import { InviteMembers } from './invite-members';
import {
  type ManageMembersTab,
  MemberActions,
  manageMembersTabs,
  rowActions,
  useMemberMutations,
} from './member-actions';

type Notice = { severity: 'success' | 'error'; text: string } | null;

/**
 * The manage-members overlay (group admins): tabs all, join requests (their count in the tab's name,
 * answered on the spot), admins, invitations and declined invitations, each searchable (500 ms after
 * typing) and paged (9, or 3 on phones); changing the tab resets the search and the page. Above them,
 * inviting people who are not in the group yet.
 */
export function ManageMembersDialog({
  open,
  onClose,
  group,
}: {
  open: boolean;
  onClose: () => void;
  group: Group;
}) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const selfId = useSession().user?.id;
  const [tab, setTab] = useState<ManageMembersTab>('all');
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<Notice>(null);
  const search = useDebouncedValue(text.trim(), timings.memberSearchDebounceMs);
  const perPage = manageMembersPageSize(mobile);
  const users = useQuery(groupUsersQuery(group.id, { type: tab, page, perPage, search }));
  // The first page of the join requests, whose total the requests tab shows (the tab's own first page).
  const requests = useQuery(
    groupUsersQuery(group.id, { type: 'applications', page: 1, perPage, search: '' }),
  );
  const requestCount = requests.data?.pagination.total;
  const mutations = useMemberMutations(group.id);
  const resendAll = useResendInvitations(group.id);
  const busy = Object.values(mutations).some((m) => m.isPending) || resendAll.isPending;
  const done = (message: string) => setNotice({ severity: 'success', text: message });
  const failed = (error: unknown) => setNotice({ severity: 'error', text: apiErrorText(t, error) });

  const changeTab = (next: ManageMembersTab) => {
    setTab(next);
    setText('');
    setPage(1);
    setNotice(null);
  };
  const results = users.data?.results ?? [];
  const lastPage = users.data?.pagination.last ?? 1;
  // A page emptied by the last action (e.g. the only invitation withdrawn) falls back one page.
  if (users.data && results.length === 0 && page > 1 && page > lastPage) setPage(lastPage);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={mobile}
      slotProps={{ paper: { sx: { minHeight: { sm: '80vh' } } } }}
      fullWidth
      maxWidth="md"
      aria-labelledby="manage-members-title"
    >
      <DialogTitle id="manage-members-title">
        {t('group_page.manage.title', { name: group.name })}
      </DialogTitle>
      <DialogContent dividers>
        <InviteMembers groupId={group.id} onDone={done} onError={failed} />
        <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Tabs
            value={tab}
            onChange={(_event, value: ManageMembersTab) => changeTab(value)}
            aria-label={t('group_page.manage.tabs_label')}
            variant="scrollable"
            scrollButtons="auto"
            sx={{ '& .MuiTab-root': { minWidth: 0, px: { xs: 1.5, sm: 2 } } }}
          >
            {manageMembersTabs.map((value) => (
              <Tab
                key={value}
                value={value}
                label={
                  value === 'applications' && requestCount !== undefined
                    ? t('group_page.manage.tabs.applications_count', { count: requestCount })
                    : t(`group_page.manage.tabs.${value}`)
                }
                id={`manage-tab-${value}`}
                aria-controls="manage-members-panel"
              />
            ))}
          </Tabs>
        </Box>
        <Box role="tabpanel" id="manage-members-panel" aria-labelledby={`manage-tab-${tab}`} sx={{ pt: 2 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
            <TextField
              type="search"
              size="small"
              label={t('group_page.manage.search')}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setPage(1);
              }}
              sx={{ flexGrow: 1, minWidth: 200 }}
            />
            {(tab === 'invitations' || tab === 'invitations_decline') && results.length > 1 && (
              <Button
                variant="outlined"
                disabled={busy}
                onClick={() =>
                  resendAll.mutate(
                    results.map((member) => member.id),
                    { onSuccess: () => done(t('group_page.manage.done.resent_all')), onError: failed },
                  )
                }
              >
                {t('group_page.manage.actions.resend_all')}
              </Button>
            )}
          </Box>
          {notice && (
            <Alert
              severity={notice.severity}
              role={notice.severity === 'error' ? 'alert' : 'status'}
              onClose={() => setNotice(null)}
              sx={{ mb: 2 }}
            >
              {notice.text}
            </Alert>
          )}
          {users.isPending && <CircularProgress aria-label={t('group_page.loading')} />}
          {users.isError && <Alert severity="error">{apiErrorText(t, users.error)}</Alert>}
          {users.data && results.length === 0 && (
            <Typography>
              {search ? t('group_page.manage.no_results') : t(`group_page.manage.empty.${tab}`)}
            </Typography>
          )}
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {results.map((member) => {
              const nameId = `manage-member-${member.id}`;
              return (
                <Box
                  component="li"
                  key={member.id}
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    gap: 1.5,
                    p: 1,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                  }}
                >
                  <MemberAvatar img={member.img} name={member.combined_name} size={40} />
                  <Box
                    sx={{
                      flexGrow: 1,
                      minWidth: 0,
                      display: 'flex',
                      flexWrap: 'wrap',
                      gap: 1,
                      alignItems: 'center',
                    }}
                  >
                    <Typography id={nameId} sx={{ overflowWrap: 'anywhere' }}>
                      {member.combined_name}
                    </Typography>
                    {member.role === 'admin' && tab === 'all' && (
                      <Chip size="small" color="primary" label={t('group_page.manage.admin')} />
                    )}
                  </Box>
                  <MemberActions
                    actions={rowActions(tab, member, selfId, mutations)}
                    nameId={nameId}
                    busy={busy}
                    onDone={done}
                    onError={failed}
                  />
                </Box>
              );
            })}
          </Box>
          {lastPage > 1 && (
            <Pagination
              sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
              count={lastPage}
              page={page}
              onChange={(_event, value) => setPage(value)}
              siblingCount={mobile ? 0 : 1}
              aria-label={t('group_page.manage.pagination')}
              getItemAriaLabel={(type, number, selected) =>
                type === 'page'
                  ? t(selected ? 'group_page.manage.page_current' : 'group_page.manage.page', {
                      page: number,
                    })
                  : t(`group_page.manage.page_${type}`)
              }
            />
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
