import { z } from 'zod';
import { limits } from './constants';
import { defineEndpoint } from './endpoint';
import { idSchema, idValueSchema } from './entities';
import {
  groupMemberListSchema,
  groupOkSchema,
  groupParams,
  groupUserListTypeSchema,
  membershipResultSchema,
  membershipSchema,
} from './groups';
import { pageQuerySchema } from './pagination';
import { text } from './text';

/**
 * Who is in a group and how they got there: its member lists, admins, invitations and applications
 * (the manage-members overlay and the groups list's invitation and application cards).
 */

const groupUserParams = z.object({ id: idSchema, userId: idSchema });
const usersBody = z.object({ users: z.array(idValueSchema).min(1).max(200) });

const tags = ['groups'];
export const groupMemberEndpoints = {
  users: defineEndpoint({
    method: 'GET',
    path: '/api/v2/groups/:id/users',
    summary: 'Members of a group by list type; lists other than `all` and `admins` are for admins',
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'group' },
    params: groupParams,
    query: pageQuerySchema.extend({ type: groupUserListTypeSchema.default('all') }),
    response: groupMemberListSchema,
  }),
  usersFiltered: defineEndpoint({
    method: 'POST',
    path: '/api/v2/groups/:id/users',
    summary: 'Members of a group by list type, limited to the given user ids',
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'group' },
    params: groupParams,
    body: z.object({
      page: z.number().int().min(1).default(1),
      per_page: z.number().int().min(1).max(100).default(20),
      filter: z.array(idValueSchema).max(500).default([]),
      type: groupUserListTypeSchema.default('all'),
    }),
    response: groupMemberListSchema,
  }),
  usersSearch: defineEndpoint({
    method: 'GET',
    path: '/api/v2/groups/:id/users/search',
    summary: 'Search a member list of a group by name',
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'group' },
    params: groupParams,
    query: pageQuerySchema.extend({
      search: text().trim().max(limits.memberSearchMaxLength).default(''),
      type: groupUserListTypeSchema.default('all'),
    }),
    response: groupMemberListSchema,
  }),
  addAdmins: defineEndpoint({
    method: 'POST',
    path: '/api/v2/groups/:id/admins',
    summary: 'Make members admins (admins)',
    tags,
    access: { allow: ['groupAdmin'], permission: 'superadmin', object: 'group', seenBy: ['groupMember'] },
    params: groupParams,
    body: usersBody,
    response: groupOkSchema,
  }),
  removeAdmin: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/groups/:id/admins/:userId',
    summary: 'Take admin rights back (admins); the last admin stays',
    tags,
    access: {
      allow: ['groupAdmin'],
      permission: 'superadmin',
      object: 'groupMembership',
      seenBy: ['groupMember'],
    },
    params: groupUserParams,
    response: groupOkSchema,
  }),
  removeUser: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/groups/:id/users/:userId',
    summary: 'Remove a member from a group (admins)',
    tags,
    access: {
      allow: ['groupAdmin'],
      permission: 'superadmin',
      object: 'groupMembership',
      seenBy: ['groupMember'],
    },
    params: groupUserParams,
    response: groupOkSchema,
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/api/v2/groups/:id/invitations',
    summary: 'Invite members (admins); each gets an invite activity',
    tags,
    access: { allow: ['groupAdmin'], permission: 'superadmin', object: 'group', seenBy: ['groupMember'] },
    params: groupParams,
    body: usersBody,
    response: groupOkSchema,
  }),
  resendInvitations: defineEndpoint({
    method: 'POST',
    path: '/api/v2/groups/:id/invitations_resend',
    summary: 'Send pending or declined invitations again (admins)',
    tags,
    access: { allow: ['groupAdmin'], permission: 'superadmin', object: 'group', seenBy: ['groupMember'] },
    params: groupParams,
    body: usersBody,
    response: groupOkSchema,
  }),
  resendInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/v2/groups/:id/invitation_resend/:userId',
    summary: 'Send one pending or declined invitation again (admins)',
    tags,
    access: {
      allow: ['groupAdmin'],
      permission: 'superadmin',
      object: 'groupMembership',
      seenBy: ['groupMember'],
    },
    params: groupUserParams,
    response: groupOkSchema,
  }),
  withdrawInvitation: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/groups/:id/invitations/:userId',
    summary: 'Withdraw a pending invitation (admins)',
    tags,
    access: {
      allow: ['groupAdmin'],
      permission: 'superadmin',
      object: 'groupMembership',
      seenBy: ['groupMember'],
    },
    params: groupUserParams,
    response: groupOkSchema,
  }),
  forgetDeclinedInvitation: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/groups/:id/invitations_decline/:userId',
    summary: 'Remove a declined invitation from the list (admins)',
    tags,
    access: {
      allow: ['groupAdmin'],
      permission: 'superadmin',
      object: 'groupMembership',
      seenBy: ['groupMember'],
    },
    params: groupUserParams,
    response: groupOkSchema,
  }),
  invitations: defineEndpoint({
    method: 'GET',
    path: '/api/v2/groups/invitations',
    summary: 'Invitations to the signed-in member (`pending` by default, `all` with answered ones)',
    tags,
    access: 'user',
    query: z.object({ type: z.enum(['pending', 'all']).default('pending') }),
    response: z.object({ results: z.array(membershipSchema) }),
  }),
  acceptInvitation: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/groups/invitations/:id',
    summary: 'Accept an invitation (`id` is the membership)',
    tags,
    access: { allow: ['owner'], object: 'invitation' },
    params: groupParams,
    response: membershipResultSchema,
  }),
  declineInvitation: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/groups/invitations/:id',
    summary: 'Decline an invitation (`id` is the membership)',
    tags,
    access: { allow: ['owner'], object: 'invitation' },
    params: groupParams,
    response: membershipResultSchema,
  }),
  applications: defineEndpoint({
    method: 'GET',
    path: '/api/v2/groups/applications',
    summary: 'Open applications to the groups the signed-in member administers',
    tags,
    access: 'user',
    response: z.object({ results: z.array(membershipSchema) }),
  }),
  acceptApplication: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/groups/applications/:id',
    summary: 'Accept an application (admins of its group); the applicant gets an activity',
    tags,
    access: {
      allow: ['groupAdmin'],
      permission: 'superadmin',
      object: 'application',
      seenBy: ['groupMember'],
    },
    params: groupParams,
    response: membershipResultSchema,
  }),
  declineApplication: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/groups/applications/:id',
    summary: 'Decline an application (admins of its group); the applicant gets an activity',
    tags,
    access: {
      allow: ['groupAdmin'],
      permission: 'superadmin',
      object: 'application',
      seenBy: ['groupMember'],
    },
    params: groupParams,
    response: membershipResultSchema,
  }),
};
