import {
  type Career,
  type CustomProfileField,
  careerSchema,
  type Locale,
  newsletterKeys,
  type Profile,
  type Settings,
} from '@plaza/contract';
import { z } from 'zod';
import { facetValueLabels } from '../../platform/data-labels';
import { t } from '../../platform/i18n';
import { isOnline } from './presenter';
import { type IncludedProfileField, visibleBirthday } from './profile-policy';
import type { UserRow } from './repo';

const storedCareers = z.array(careerSchema);
const storedNewsletters = z.array(z.object({ key: z.string(), selected: z.boolean() }));

/** The stored careers, or none when the document does not fit the contract. */
export function careersOf(value: unknown): Career[] {
  const parsed = storedCareers.safeParse(value);
  return parsed.success ? parsed.data : [];
}

/** Every newsletter in order with the member's choice (unknown stored keys dropped). */
export function newslettersOf(value: unknown): Profile['newsletter_subscriptions'] {
  const parsed = storedNewsletters.safeParse(value);
  const selected = new Set(parsed.success ? parsed.data.filter((n) => n.selected).map((n) => n.key) : []);
  return newsletterKeys.map((key) => ({ key, selected: selected.has(key) }));
}

/** What a profile answer is built from besides the row. */
export interface ProfileContext {
  viewerId: number;
  locale: Locale;
  /** Fields the viewer may not receive (empty for the member and editors). */
  hidden: ReadonlySet<IncludedProfileField>;
  variant: Profile['variant'];
  editable: boolean;
  /** The viewer may delete the account (`profilePolicy` `delete`), unless `deletionBlocked` says why not. */
  deletable: boolean;
  /** Why the account cannot be deleted although the viewer may edit it (the last superadmin). */
  deletionBlocked: Profile['deletion_blocked'];
  isEditor: boolean;
  sectionVariant: Settings['profile_options']['profile_section_variant'];
  customFields: CustomProfileField[];
  follow: { followed: boolean; followers_count: number; following_count: number };
  now?: Date;
}

/**
 * Maps a member to the contract's profile for a viewer: switched-off fields leave no key, the birth
 * year only to its owner, private keys only when the viewer may edit; known areas, languages and special
 * tasks in the reader's language.
 */
export function presentProfile(row: UserRow, ctx: ProfileContext): Profile {
  const shown = (field: IncludedProfileField) => !ctx.hidden.has(field);
  const { status } = row;
  return {
    id: row.id,
    user_id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    combined_name: [row.firstname, row.lastname].filter(Boolean).join(' '),
    img_path: row.img_path,
    ...(ctx.editable
      ? {
          image_id: row.image_id,
          username: row.username,
          newsletter_subscriptions: newslettersOf(row.newsletter_subscriptions),
          selected_language: row.selected_language,
        }
      : {}),
    ...(shown('email') ? { email: row.email } : {}),
    ...(shown('title') ? { title: row.title } : {}),
    ...(shown('gender') ? { gender: row.gender } : {}),
    ...(shown('position') ? { position: row.position } : {}),
    ...(shown('birthday') ? { birthday: visibleBirthday(row, ctx.viewerId) } : {}),
    is_birth_year_visible: row.is_birth_year_visible,
    ...(shown('locations') ? { locations: row.location_names } : {}),
    ...(shown('areas') ? { areas: facetValueLabels('areas', row.areas, ctx.locale) } : {}),
    ...(shown('skills') ? { skills: row.skills } : {}),
    ...(shown('languages') ? { languages: facetValueLabels('languages', row.languages, ctx.locale) } : {}),
    ...(shown('careers') ? { careers: careersOf(row.careers) } : {}),
    ...(shown('special_tasks')
      ? { special_tasks: facetValueLabels('special_tasks', row.special_tasks, ctx.locale) }
      : {}),
    status,
    status_label: status ? t(ctx.locale, `people.statuses.${status}`) : null,
    custom_fields: ctx.customFields,
    ...ctx.follow,
    online: isOnline(row, ctx.now),
    latest_activity: row.last_seen_at?.toISOString() ?? null,
    admin_url: ctx.isEditor ? `/who_is_who/${row.id}?view=admin` : null,
    variant: ctx.variant,
    section_variant: ctx.sectionVariant,
    editable: ctx.editable,
    deletable: ctx.deletable && ctx.deletionBlocked === null,
    deletion_blocked: ctx.deletionBlocked,
    can_message: ctx.viewerId !== row.id,
  };
}
