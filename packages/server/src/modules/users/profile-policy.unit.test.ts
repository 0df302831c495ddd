import { settingsSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import {
  canEditProfile,
  hiddenFieldsFor,
  isProfileEditor,
  profileVariant,
  switchedOffFields,
  visibleBirthday,
} from './profile-policy';

const member = { id: 1, permissions: [] };
const editor = { id: 2, permissions: ['users'] };
const superadmin = { id: 3, permissions: ['superadmin'] };
const author = { id: 4, permissions: ['post_as_author'] };

describe('profile policy', () => {
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
