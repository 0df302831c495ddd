import type { GroupSummary, Membership, MembershipStatus } from '@plaza/contract';

/** Whether an invitation (`pending`) or an application (`applied`) still waits for an answer. */
export function canAnswerMembership(status: MembershipStatus): boolean {
  return status === 'pending' || status === 'applied';
}

/**
 * The hint the membership overlay shows once a membership is answered: the translation key for an
 * accepted or declined invitation or application, or null while it can still be answered.
 */
export function membershipHintKey(type: Membership['type'], status: MembershipStatus): string | null {
  if (canAnswerMembership(status)) return null;
  return `groups.membership.hints.${type}.${status === 'accepted' ? 'accepted' : 'declined'}`;
}

/** What the join overlay offers for a public group, from the viewer's membership. */
export type JoinState = 'join' | 'request' | 'applied' | 'invited' | 'member';

/** Join directly when the group is free to join, else request approval; or say why neither is offered. */
export function joinState(group: Pick<GroupSummary, 'free_to_join' | 'membership'>): JoinState {
  switch (group.membership?.status) {
    case 'accepted':
      return 'member';
    case 'applied':
      return 'applied';
    case 'pending':
      return 'invited';
    default:
      return group.free_to_join ? 'join' : 'request';
  }
}
