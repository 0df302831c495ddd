import { describe, expect, it } from 'vitest';
import { canReadGroupContent, canSeeGroup, groupPermissionsFor, topicPermissionsFor } from './policy';

const member = { superadmin: false, membership: { status: 'accepted', role: 'member' } } as const;
const admin = { superadmin: false, membership: { status: 'accepted', role: 'admin' } } as const;
const invited = { superadmin: false, membership: { status: 'pending', role: 'member' } } as const;
const stranger = { superadmin: false, membership: null };
const superadmin = { superadmin: true, membership: null };

describe('group policy', () => {
  it('hides private groups from everyone but members and superadmins', () => {
    const group = { type: 'private', adminCount: 1 } as const;
    expect(canSeeGroup(group, stranger)).toBe(false);
    expect(canSeeGroup(group, invited)).toBe(false);
    expect(canSeeGroup(group, member)).toBe(true);
    expect(canSeeGroup(group, superadmin)).toBe(true);
    expect(canSeeGroup({ type: 'approval', adminCount: 1 }, stranger)).toBe(true);
  });

  it('opens the content of open groups to all, of the others to members', () => {
    expect(canReadGroupContent({ type: 'open', adminCount: 1 }, stranger)).toBe(true);
    expect(canReadGroupContent({ type: 'approval', adminCount: 1 }, stranger)).toBe(false);
    expect(canReadGroupContent({ type: 'approval', adminCount: 1 }, member)).toBe(true);
  });

  it('computes the permission list from role and admin count', () => {
    const group = { type: 'open', adminCount: 1 } as const;
    expect(groupPermissionsFor(group, stranger)).toEqual([]);
    expect(groupPermissionsFor(group, invited)).toEqual([]);
    expect(groupPermissionsFor(group, member)).toEqual(['leave', 'post_content']);
    // The last admin may not leave.
    expect(groupPermissionsFor(group, admin)).toEqual(['delete', 'edit', 'manage_topics', 'post_content']);
    expect(groupPermissionsFor({ type: 'open', adminCount: 2 }, admin)).toEqual([
      'delete',
      'edit',
      'leave',
      'manage_topics',
      'post_content',
    ]);
    expect(groupPermissionsFor(group, superadmin)).toEqual([
      'delete',
      'edit',
      'manage_topics',
      'post_content',
    ]);
  });

  it('derives topic permissions from the group and authorship', () => {
    expect(topicPermissionsFor(['leave', 'post_content'], false)).toEqual(['post_content']);
    expect(topicPermissionsFor(['leave', 'post_content'], true)).toEqual(['edit', 'post_content']);
    expect(topicPermissionsFor(['delete', 'edit', 'manage_topics', 'post_content'], false)).toEqual([
      'delete',
      'edit',
      'post_content',
    ]);
    expect(topicPermissionsFor([], true)).toEqual([]);
  });
});
