import { z } from 'zod';
import { limits, maxId } from './constants';
import { localeSchema } from './settings';
import { plainTextField, text } from './text';

export const userPermissions = [
  'superadmin',
  'users',
  'post_as_author',
  'jobs',
  'ratings_export',
  'shop',
] as const;
export const userPermissionSchema = z.enum(userPermissions);
export type UserPermission = z.infer<typeof userPermissionSchema>;

/** An id in a path or a query string (coerced from its text). */
export const idSchema = z.coerce.number().int().positive().max(maxId);
/** An id in a JSON body. */
export const idValueSchema = z.number().int().positive().max(maxId);
export const idParamsSchema = z.object({ id: idSchema });

/** YYYY-MM-DD */
export const isoDateSchema = text().regex(/^\d{4}-\d{2}-\d{2}$/);

export const occasionRefSchema = z.object({ type: z.enum(['birthday', 'anniversary']), date: z.string() });

/**
 * A member as the API returns them. Keys a guest may not see (`included_profile_*` switched off in
 * the settings: email, title, position, locations, special tasks, birthday) are absent from the
 * answer; see `users.ts` for the visibility rules.
 */
export const userSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  email: z.string().nullable().optional(),
  firstname: z.string(),
  lastname: z.string(),
  title: z.string().nullable().optional(),
  position: z.string().nullable().optional(),
  location_names: z.array(z.string()).optional(),
  special_tasks: z.array(z.string()).optional(),
  /**
   * The member's status (`users.status`, set in the profile): empty, or one entry whose `value` is the
   * `value` of one of `GET users/status_options` (as that list, a key such as `employee`; the web shows
   * the label `people.statuses.<value>` of its texts). Shown to every viewer.
   */
  special_state: z.array(z.object({ value: z.string() })),
  img_path: z.string().nullable(),
  image: z.string().nullable(),
  profile_url: z.string(),
  /** YYYY-MM-DD, or --MM-DD when the birth year is hidden from the viewer; null when unknown or hidden. */
  birthday: z.string().nullable().optional(),
  is_birth_year_visible: z.boolean(),
  occasions: z.array(occasionRefSchema),
  permissions: z.array(userPermissionSchema),
  agb_nda_accepted: z.boolean(),
  online: z.boolean(),
  latest_activity: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** Input rules of a username, email and names, shared by the CLI, the server and forms. */
export const usernameSchema = text()
  .trim()
  .min(3)
  .max(limits.usernameMaxLength)
  .regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, dot, dash and underscore only');
export const emailSchema = text().trim().toLowerCase().max(limits.emailMaxLength).email();
export const passwordSchema = text().min(limits.passwordMinLength).max(limits.passwordMaxLength);
export const nameSchema = plainTextField(limits.nameMaxLength);

export const selectedLanguageSchema = localeSchema;
