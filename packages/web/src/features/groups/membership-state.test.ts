import { describe, expect, it } from 'vitest';
import { canAnswerMembership, joinState, membershipHintKey } from './membership-state';

describe('membership overlay state', () => {
  it('offers accept and decline while an invitation is pending or an application is open', () => {
    expect(canAnswerMembership('pending')).toBe(true);
    expect(canAnswerMembership('applied')).toBe(true);
    expect(canAnswerMembership('accepted')).toBe(false);
    expect(canAnswerMembership('declined')).toBe(false);
  });
  it('shows no hint before the answer', () => {
    expect(membershipHintKey('invite', 'pending')).toBeNull();
    expect(membershipHintKey('application', 'applied')).toBeNull();
  });
  it('shows the accepted or declined hint of an invitation or an application', () => {
    expect(membershipHintKey('invite', 'accepted')).toBe('groups.membership.hints.invite.accepted');
    expect(membershipHintKey('invite', 'declined')).toBe('groups.membership.hints.invite.declined');
    expect(membershipHintKey('application', 'accepted')).toBe('groups.membership.hints.application.accepted');
    expect(membershipHintKey('application', 'declined')).toBe('groups.membership.hints.application.declined');
  });
});

describe('joinState', () => {
  const membership = (status: 'pending' | 'applied' | 'accepted' | 'declined') => ({
    id: 1,
    status,
    role: 'member' as const,
  });
  it('joins a free-to-join group directly and requests approval otherwise', () => {
    expect(joinState({ free_to_join: true, membership: null })).toBe('join');
    expect(joinState({ free_to_join: false, membership: null })).toBe('request');
  });
  it('lets a declined member try again', () => {
    expect(joinState({ free_to_join: false, membership: membership('declined') })).toBe('request');
  });
  it('offers nothing to members, applicants and the invited', () => {
    expect(joinState({ free_to_join: true, membership: membership('accepted') })).toBe('member');
    expect(joinState({ free_to_join: false, membership: membership('applied') })).toBe('applied');
    expect(joinState({ free_to_join: true, membership: membership('pending') })).toBe('invited');
  });
});
