import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { emailSchema, idSchema, nameSchema, userPermissionSchema, userPermissions } from './entities';
import { pageQuerySchema, paginated } from './pagination';
import { localeSchema } from './settings';
import { text } from './text';

/**
 * The member administration (until the administration area exists): superadmins and members with
 * the `users` permission list every account, invite members by email (the invitee sets a password
 * through a single-use link, `inviteLinkTtlSeconds`), deactivate and reactivate accounts and mail a
 * password reset link. Everyone else gets a 403.
 */

/** An account's state: `invited` (no password set yet), `active`, or `deactivated` (cannot sign in). */
export const memberStatuses = ['invited', 'active', 'deactivated'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

export const memberAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  status: z.enum(memberStatuses),
  permissions: z.array(userPermissionSchema),
  /** ISO 8601. */
  created_at: z.string(),
});
export type MemberAccount = z.infer<typeof memberAccountSchema>;

export const memberListQuerySchema = pageQuerySchema.extend({
  /** Part of a name, username or email. */
  query: text().trim().max(100).optional(),
});

export const inviteMemberSchema = z.object({
  email: emailSchema,
  firstname: nameSchema,
  lastname: nameSchema,
  /** The language of the invitation mail and of the new member's interface. */
  language: localeSchema,
});
export type InviteMemberInput = z.input<typeof inviteMemberSchema>;

/** An account's site-wide permissions, made exactly these. */
export const memberPermissionsSchema = z.strictObject({
  permissions: z.array(userPermissionSchema).max(userPermissions.length),
});
export type MemberPermissionsInput = z.input<typeof memberPermissionsSchema>;

const params = z.object({ id: idSchema });
const tags = ['members'];

export const memberEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v2/members',
    summary: 'Every account, by name (superadmins and the users permission)',
    tags,
    access: { allow: [], permission: 'users' },
    query: memberListQuerySchema,
    response: paginated(memberAccountSchema),
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/api/v2/members/invitations',
    summary:
      'Invite a member by email: the account is created without a password and the invitee gets a single-use link to set one (409 when the address is taken)',
    tags,
    access: { allow: [], permission: 'users' },
    body: inviteMemberSchema,
    response: memberAccountSchema,
    status: 201,
  }),
  deactivate: defineEndpoint({
    method: 'POST',
    path: '/api/v2/members/:id/deactivate',
    summary: 'Deactivate an account: it is signed out everywhere and can no longer sign in (not one’s own)',
    tags,
    access: { allow: [], permission: 'users', object: 'account' },
    params,
    response: memberAccountSchema,
  }),
  reactivate: defineEndpoint({
    method: 'POST',
    path: '/api/v2/members/:id/reactivate',
    summary: 'Reactivate a deactivated account',
    tags,
    access: { allow: [], permission: 'users', object: 'account' },
    params,
    response: memberAccountSchema,
  }),
  setPermissions: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/members/:id/permissions',
    summary:
      "Make an account's site-wide permissions exactly these (superadmins; never their own, so a superadmin always remains)",
    tags,
    access: { allow: [], permission: 'superadmin', object: 'account', seenBy: ['users'] },
    params,
    body: memberPermissionsSchema,
    response: memberAccountSchema,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/v2/members/:id/reset_password',
    summary: 'Mail the member a link to set a new password (an invited member gets the invitation again)',
    tags,
    access: { allow: [], permission: 'users', object: 'account' },
    params,
    response: z.object({ success: z.literal(true) }),
  }),
};
