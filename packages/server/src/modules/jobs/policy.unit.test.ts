import { describe, expect, it } from 'vitest';
import { jobPolicy } from './policy';

const superadmin = { permissions: ['superadmin'] };
const jobsAdmin = { permissions: ['jobs'] };
const usersAdmin = { permissions: ['users'] };
const member = { permissions: [] };

describe('job policy', () => {
  it.each([
    ['a superadmin', superadmin, true],
    ['a holder of the jobs permission', jobsAdmin, true],
    ['a users administrator', usersAdmin, false],
    ['a member', member, false],
    ['a visitor', null, false],
  ] as const)('manage jobs: %s → %s', (_who, user, allowed) => {
    expect(jobPolicy.can(user, 'manage')).toBe(allowed);
  });

  it.each([
    ['a member', member, 'open', true],
    ['a member', member, 'draft', false],
    ['a member', member, 'closed', false],
    ['a superadmin', superadmin, 'open', true],
    ['a superadmin', superadmin, 'draft', false],
    ['a holder of the jobs permission', jobsAdmin, 'closed', false],
    ['a visitor', null, 'open', false],
  ] as const)('read: %s, a job %s → %s', (_who, user, state, allowed) => {
    expect(jobPolicy.can(user, 'read', { state })).toBe(allowed);
  });
});
