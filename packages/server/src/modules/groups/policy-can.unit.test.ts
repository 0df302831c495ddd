import { describe, expect, it } from 'vitest';
import {
  can,
  canOnTopic,
  type GroupAction,
  type GroupFacts,
  type GroupViewer,
  type TopicAction,
} from './policy';

const viewers = {
  stranger: { superadmin: false, membership: null },
  invited: { superadmin: false, membership: { status: 'pending', role: 'member' } },
  applied: { superadmin: false, membership: { status: 'applied', role: 'member' } },
  declined: { superadmin: false, membership: { status: 'declined', role: 'member' } },
  member: { superadmin: false, membership: { status: 'accepted', role: 'member' } },
  admin: { superadmin: false, membership: { status: 'accepted', role: 'admin' } },
  superadmin: { superadmin: true, membership: null },
} satisfies Record<string, GroupViewer>;

const groups = {
  open: { type: 'open', adminCount: 2 },
  approval: { type: 'approval', adminCount: 2 },
  private: { type: 'private', adminCount: 2 },
  /** An open group with one admin: that admin is the last one. */
  openOneAdmin: { type: 'open', adminCount: 1 },
} satisfies Record<string, GroupFacts>;

const actions: GroupAction[] = [
  'see',
  'read_content',
  'manage_members',
  'delete',
  'edit',
  'leave',
  'manage_topics',
  'post_content',
];
const manage = ['manage_members', 'delete', 'edit', 'manage_topics', 'post_content'] as const;

/** Viewer x group -> the actions allowed (every other action is refused). */
const rows: [keyof typeof viewers, keyof typeof groups, GroupAction[]][] = [
  ['stranger', 'open', ['see', 'read_content']],
  ['stranger', 'approval', ['see']],
  ['stranger', 'private', []],
  ['invited', 'approval', ['see']],
  ['invited', 'private', []],
  ['applied', 'approval', ['see']],
  ['declined', 'private', []],
  ['member', 'open', ['see', 'read_content', 'post_content', 'leave']],
  ['member', 'private', ['see', 'read_content', 'post_content', 'leave']],
  ['member', 'openOneAdmin', ['see', 'read_content', 'post_content', 'leave']],
  ['admin', 'approval', ['see', 'read_content', ...manage, 'leave']],
  ['admin', 'private', ['see', 'read_content', ...manage, 'leave']],
  ['admin', 'openOneAdmin', ['see', 'read_content', ...manage]],
  ['superadmin', 'open', ['see', 'read_content', ...manage]],
  ['superadmin', 'private', ['see', 'read_content', ...manage]],
];

describe('group policy: can(viewer, action, group)', () => {
  for (const [viewer, group, allowed] of rows) {
    it.each(actions)(`${viewer} in ${group}: %s`, (action) => {
      expect(can(viewers[viewer], action, groups[group])).toBe(allowed.includes(action));
    });
  }
});

/** Group permissions x author? -> the topic actions allowed. */
const topicRows: [string, Parameters<typeof canOnTopic>[0], boolean, TopicAction[]][] = [
  ['non-member', [], false, []],
  ['non-member author', [], true, []],
  ['member', ['leave', 'post_content'], false, ['post_content']],
  ['member author', ['leave', 'post_content'], true, ['edit', 'post_content']],
  [
    'topic manager',
    ['delete', 'edit', 'manage_topics', 'post_content'],
    false,
    ['delete', 'edit', 'post_content'],
  ],
];

describe('topic policy: canOnTopic(groupPermissions, action, topic)', () => {
  for (const [name, permissions, isAuthor, allowed] of topicRows) {
    it.each(['delete', 'edit', 'post_content'] as const)(`${name}: %s`, (action) => {
      expect(canOnTopic(permissions, action, { isAuthor })).toBe(allowed.includes(action));
    });
  }
});
