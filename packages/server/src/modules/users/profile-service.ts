import { type Locale, type Profile, parseBirthday, type updateProfileSchema } from '@plaza/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest, forbidden } from '../../platform/errors';
import { forgetSessions } from '../../platform/session-cache';
import { type AuditActor, type AuditOrigin, recordAudit } from '../audit';
import { getSettings } from '../settings';
import { loadEditableMember, loadMember } from './access';
import { isLastSuperadmin } from './account-deletion';
import { customFieldsOf } from './custom-fields';
import { followStats } from './follows';
import { hiddenOf } from './presenter';
import {
  hiddenFieldsFor,
  isProfileEditor,
  profilePolicy,
  profileVariant,
  type Viewer,
} from './profile-policy';
import { presentProfile } from './profile-presenter';
import { type NewUserRow, type UserRow, usersRepo } from './repo';
import { refreshUserSearchVector } from './search-vector';

/** Builds the profile answer of a member for a viewer under the current settings. */
export async function profileFor(
  db: Db,
  viewer: Viewer,
  row: UserRow,
  locale: Locale,
  adminView = false,
): Promise<Profile> {
  const settings = await getSettings(db);
  const isEditor = isProfileEditor(viewer);
  const editable = profilePolicy.can(viewer, 'edit', row);
  const hidden = hiddenOf(row, {
    viewerId: viewer.id,
    hidden: hiddenFieldsFor(viewer, settings.profile_options),
  });
  return presentProfile(row, {
    viewerId: viewer.id,
    locale,
    hidden,
    variant: profileVariant({ isOwn: viewer.id === row.id, isEditor, adminView }),
    editable,
    deletable: profilePolicy.can(viewer, 'delete', row),
    deletionBlocked: editable && (await isLastSuperadmin(db, row)) ? 'last_superadmin' : null,
    isEditor,
    sectionVariant: settings.profile_options.profile_section_variant,
    customFields: await customFieldsOf(db, row.id, locale),
    follow: await followStats(db, row.id, viewer.id),
  });
}

/** GET users/:id; the admin view (`view=admin`) is for editors only. */
export async function getProfile(
  db: Db,
  viewer: Viewer,
  userId: number,
  locale: Locale,
  view?: 'admin',
): Promise<Profile> {
  const row = await loadMember(db, userId);
  if (view === 'admin' && !profilePolicy.can(viewer, 'admin_view', row))
    throw forbidden('The admin view is for editors.');
  return profileFor(db, viewer, row, locale, view === 'admin');
}

/** Distinct entries in their first order. */
const unique = (values: string[]) => [...new Set(values)];

/** The stored birthday of a DD/MM/YYYY input: null for empty; a 400 naming `birthday` when invalid. */
function birthdayValue(input: string | null): string | null {
  if (input === null || input === '') return null;
  const parsed = parseBirthday(input);
  if (!parsed.ok)
    throw badRequest('Enter the birthday as a valid date DD/MM/YYYY, not in the future.', 'birthday');
  return parsed.iso;
}

/**
 * PUT users/:id: changes the named fields (the member, superadmin or users) and refreshes the
 * search document; answers the profile as the caller now sees it.
 */
export async function updateProfile(
  db: Db,
  viewer: Viewer & AuditActor,
  userId: number,
  input: z.output<typeof updateProfileSchema>,
  locale: Locale,
  origin: AuditOrigin | null,
): Promise<Profile> {
  const member = await loadEditableMember(db, viewer, userId);
  const changes: Partial<NewUserRow> = {};
  if (input.firstname !== undefined) changes.firstname = input.firstname;
  if (input.lastname !== undefined) changes.lastname = input.lastname;
  if (input.title !== undefined) changes.title = input.title;
  if (input.gender !== undefined) changes.gender = input.gender;
  if (input.position !== undefined) changes.position = input.position;
  if (input.status !== undefined) changes.status = input.status;
  for (const key of ['areas', 'skills', 'languages', 'special_tasks'] as const) {
    const value = input[key];
    if (value !== undefined) changes[key] = unique(value);
  }
  if (input.locations !== undefined) changes.location_names = unique(input.locations);
  if (input.careers !== undefined) {
    input.careers.forEach((career, index) => {
      if (career.from && career.to && career.to < career.from) {
        throw badRequest('A station cannot end before it starts.', `careers.${index}.to`);
      }
    });
    changes.careers = input.careers;
  }
  if (input.birthday !== undefined) changes.birthday = birthdayValue(input.birthday);
  if (input.is_birth_year_visible !== undefined) changes.is_birth_year_visible = input.is_birth_year_visible;
  if (input.newsletter_subscriptions !== undefined) {
    const chosen = new Map(input.newsletter_subscriptions.map((entry) => [entry.key, entry.selected]));
    changes.newsletter_subscriptions = [...chosen].map(([key, selected]) => ({ key, selected }));
  }
  if (input.selected_language !== undefined) changes.selected_language = input.selected_language;
  const updated = Object.keys(changes).length
    ? await db.transaction(async (tx) => {
        const row = await usersRepo.update(tx, member.id, changes);
        // Another's profile changed by superadmin or users: an administrative change.
        if (viewer.id !== member.id) {
          const before = Object.fromEntries(
            Object.keys(changes).map((key) => [key, member[key as keyof UserRow]]),
          );
          await recordAudit(tx, {
            actor: viewer,
            origin,
            action: 'member.update',
            resource_type: 'member',
            resource_id: member.id,
            before,
            after: changes,
          });
        }
        return row;
      })
    : member;
  // The sessions' memo is per database handle: dropped inside the transaction, it missed them.
  forgetSessions(db, { userId: member.id });
  await refreshUserSearchVector(db, member.id);
  return profileFor(db, viewer, updated ?? member, locale);
}
