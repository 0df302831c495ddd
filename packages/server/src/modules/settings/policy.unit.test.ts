import { describe, expect, it } from 'vitest';
import { can } from './policy';

const rows = [
  ['nobody', null, false],
  ['member', { permissions: [] }, false],
  ['users editor', { permissions: ['users'] }, false],
  ['post_as_author', { permissions: ['post_as_author'] }, false],
  ['superadmin', { permissions: ['superadmin'] }, true],
  ['superadmin with users', { permissions: ['users', 'superadmin'] }, true],
] as const;

describe('settings policy', () => {
  it.each(rows)('%s (%j): update -> %s', (_name, actor, expected) => {
    expect(can(actor, 'update')).toBe(expected);
  });
});
