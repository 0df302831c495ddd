import { settingsSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import {
  can,
  canEditProfile,
  hiddenFieldsFor,
  isProfileEditor,
  type ProfileAction,
  profileVariant,
  switchedOffFields,
  visibleBirthday,
} from './profile-policy';

const member = { id: 1, permissions: [] };
const editor = { id: 2, permissions: ['users'] };
const superadmin = { id: 3, permissions: ['superadmin'] };
const author = { id: 4, permissions: ['post_as_author'] };

describe('profile policy', () => {
  // Actor x profile (own: member 1's own profile; other: member 9's) x action -> expected.
  const actors = { nobody: null, member, editor, superadmin, author };
  const rows: [keyof typeof actors, 'own' | 'other', ProfileAction, boolean][] = [
    ['nobody', 'other', 'edit', false],
    ['nobody', 'other', 'delete', false],
    ['nobody', 'other', 'admin_view', false],
    ['member', 'own', 'edit', true],
    ['member', 'own', 'delete', true],
    ['member', 'own', 'admin_view', false],
    ['member', 'other', 'edit', false],
    ['member', 'other', 'delete', false],
    ['member', 'other', 'admin_view', false],
    ['author', 'other', 'edit', false],
    ['author', 'other', 'delete', false],
    ['author', 'other', 'admin_view', false],
    ['editor', 'other', 'edit', true],
    ['editor', 'other', 'delete', true],
    ['editor', 'other', 'admin_view', true],
    ['superadmin', 'other', 'edit', true],
    ['superadmin', 'other', 'delete', true],
    ['superadmin', 'other', 'admin_view', true],
  ];
  it.each(rows)('%s on an %s profile: %s -> %s', (actor, profile, action, expected) => {
    expect(can(actors[actor], action, { id: profile === 'own' ? 1 : 9 })).toBe(expected);
  });

  it('lets the member, superadmins and holders of users edit a profile', () => {
    expect(canEditProfile(member, 1)).toBe(true);
    expect(canEditProfile(member, 9)).toBe(false);
    expect(canEditProfile(author, 9)).toBe(false);
    expect(canEditProfile(editor, 9)).toBe(true);
    expect(canEditProfile(superadmin, 9)).toBe(true);
    expect(canEditProfile(null, 1)).toBe(false);
    expect(isProfileEditor(author)).toBe(false);
  });

  it('shows the full variant to the member, editors and the admin view, the guest variant otherwise', () => {
    expect(profileVariant({ isOwn: true, isEditor: false, adminView: false })).toBe('full');
    expect(profileVariant({ isOwn: false, isEditor: true, adminView: false })).toBe('full');
    expect(profileVariant({ isOwn: false, isEditor: false, adminView: true })).toBe('full');
    expect(profileVariant({ isOwn: false, isEditor: false, adminView: false })).toBe('guest');
  });

  it('hides switched-off fields from guests but not from editors', () => {
    const options = settingsSchema.parse({
      profile_options: { included_profile_email: false, included_profile_skills: false },
    }).profile_options;
    expect([...switchedOffFields(options)]).toEqual(['email', 'skills']);
    expect([...hiddenFieldsFor(member, options)]).toEqual(['email', 'skills']);
    expect([...hiddenFieldsFor(null, options)]).toEqual(['email', 'skills']);
    expect([...hiddenFieldsFor(editor, options)]).toEqual([]);
    expect([...switchedOffFields(settingsSchema.parse({}).profile_options)]).toEqual([]);
  });

  it('gives a hidden birth year to its owner only', () => {
    const row = { id: 1, birthday: '1980-02-29', is_birth_year_visible: false };
    expect(visibleBirthday(row, 1)).toBe('1980-02-29');
    expect(visibleBirthday(row, 2)).toBe('--02-29');
    expect(visibleBirthday(row, null)).toBe('--02-29');
    expect(visibleBirthday({ ...row, is_birth_year_visible: true }, 2)).toBe('1980-02-29');
    expect(visibleBirthday({ ...row, birthday: null }, 1)).toBeNull();
  });
});
