import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { GroupMember } from '@plaza/contract';
import { useTranslation } from 'react-i18next';
import {
  useAddAdmins,
  useForgetDeclinedInvitation,
  useRemoveAdmin,
  useRemoveMember,
  useResendInvitation,
  useWithdrawInvitation,
} from '../api/group';
import { useAnswerMembership } from '../api/groups-list';

/** The tabs of the manage-members overlay; `applications` holds the pending join requests. */
export const manageMembersTabs = [
  'all',
  // Right after the members: a waiting request needs an answer, and on a phone later tabs are scrolled away.
  'applications',
  'admins',
  'invitations',
  'invitations_decline',
] as const;
export type ManageMembersTab = (typeof manageMembersTabs)[number];

/** One action of a row: its text key and what it calls. */
interface RowAction {
  key: string;
  run: () => Promise<unknown>;
  done: string;
  color?: 'error';
}

/** The mutations behind the row actions of one group. */
export function useMemberMutations(groupId: number) {
  return {
    addAdmins: useAddAdmins(groupId),
    removeAdmin: useRemoveAdmin(groupId),
    removeMember: useRemoveMember(groupId),
    resend: useResendInvitation(groupId),
    withdraw: useWithdrawInvitation(groupId),
    forget: useForgetDeclinedInvitation(groupId),
    answer: useAnswerMembership(),
  };
}

/**
 * Which actions a row offers on a tab: admin rights and removal, the invitation's resend and withdrawal,
 * or the answer to a join request (the spec's PUT and DELETE groups/applications/{membership id}).
 */
export function rowActions(
  tab: ManageMembersTab,
  member: GroupMember,
  selfId: number | undefined,
  m: ReturnType<typeof useMemberMutations>,
): RowAction[] {
  const id = member.id;
  switch (tab) {
    case 'all':
      return [
        member.role === 'admin'
          ? { key: 'remove_admin', run: () => m.removeAdmin.mutateAsync(id), done: 'admin_removed' }
          : { key: 'make_admin', run: () => m.addAdmins.mutateAsync([id]), done: 'admin_added' },
        ...(id === selfId
          ? []
          : [
              {
                key: 'remove',
                run: () => m.removeMember.mutateAsync(id),
                done: 'removed',
                color: 'error' as const,
              },
            ]),
      ];
    case 'admins':
      return [{ key: 'remove_admin', run: () => m.removeAdmin.mutateAsync(id), done: 'admin_removed' }];
    case 'invitations':
      return [
        { key: 'resend', run: () => m.resend.mutateAsync(id), done: 'resent' },
        { key: 'withdraw', run: () => m.withdraw.mutateAsync(id), done: 'withdrawn', color: 'error' },
      ];
    case 'invitations_decline':
      return [
        { key: 'resend', run: () => m.resend.mutateAsync(id), done: 'resent' },
        { key: 'forget', run: () => m.forget.mutateAsync(id), done: 'forgotten', color: 'error' },
      ];
    case 'applications': {
      const answer = (accept: boolean) => () =>
        m.answer.mutateAsync({ membershipId: member.membership_id ?? 0, type: 'application', accept });
      return [
        { key: 'accept_request', run: answer(true), done: 'request_accepted' },
        { key: 'decline_request', run: answer(false), done: 'request_declined', color: 'error' },
      ];
    }
  }
}

interface MemberActionsProps {
  actions: RowAction[];
  /** The id of the element holding the member's name (describes every button). */
  nameId: string;
  busy: boolean;
  onDone: (text: string) => void;
  onError: (error: unknown) => void;
}

/** The action buttons of one row of the manage-members overlay. */
export function MemberActions({ actions, nameId, busy, onDone, onError }: MemberActionsProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {actions.map((action) => (
        <Button
          key={action.key}
          size="small"
          variant="outlined"
          color={action.color ?? 'primary'}
          aria-describedby={nameId}
          disabled={busy}
          onClick={() =>
            action.run().then(
              () => onDone(t(`group_page.manage.done.${action.done}`)),
              (error: unknown) => onError(error),
            )
          }
        >
          {t(`group_page.manage.actions.${action.key}`)}
        </Button>
      ))}
    </Box>
  );
}
