import { describe, expect, it } from 'vitest';
import { pagePolicy } from './policy';

const superadmin = { permissions: ['superadmin'] };
const usersAdmin = { permissions: ['users'] };
const member = { permissions: [] };

describe('page policy', () => {
  it.each([
    ['a superadmin', superadmin, true],
    ['a users administrator', usersAdmin, false],
    ['a member', member, false],
    ['a visitor', null, false],
  ] as const)('manage pages: %s → %s', (_who, user, allowed) => {
    expect(pagePolicy.can(user, 'manage')).toBe(allowed);
  });

  it.each([
    ['a visitor', 'all', 'full', null],
    ['a visitor', 'members', 'limited', null],
    ['a member', 'members', 'full', member],
    ['a member', 'all', 'full', member],
  ] as const)('%s reading a page for %s gets it %s', (_who, visibility, mode, reader) => {
    expect(pagePolicy.readMode(reader, visibility)).toBe(mode);
  });
});
