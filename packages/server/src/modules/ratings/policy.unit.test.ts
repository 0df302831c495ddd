import { describe, expect, it } from 'vitest';
import { ratingPolicy } from './policy';

const superadmin = { permissions: ['superadmin'] };
const exporter = { permissions: ['ratings_export'] };
const usersAdmin = { permissions: ['users'] };
const member = { permissions: [] };

describe('rating policy', () => {
  it.each([
    ['a superadmin', superadmin, [true, true, true, true]],
    ['a ratings_export holder', exporter, [true, true, true, false]],
    ['a users administrator', usersAdmin, [true, true, false, false]],
    ['a member', member, [true, true, false, false]],
    ['a visitor', null, [false, false, false, false]],
  ] as const)('%s may read, review, export, manage: %j', (_who, user, allowed) => {
    const actions = ['read', 'review', 'export', 'manage'] as const;
    expect(actions.map((action) => ratingPolicy.can(user, action))).toEqual(allowed);
  });

  it.each([
    [0, false],
    [2, false],
    [3, true],
    [100, true],
  ])('with %i reviews a location is shown: %s', (reviews, shown) => {
    expect(ratingPolicy.isShown(reviews)).toBe(shown);
  });
});
