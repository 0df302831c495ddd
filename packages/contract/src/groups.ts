import { z } from 'zod';
import { limits } from './constants';
import { defineEndpoint } from './endpoint';
import { idSchema, idValueSchema } from './entities';
import { pageQuerySchema, paginated } from './pagination';
import { plainTextField } from './text';
import { fileSchema, imageCropSchema, uploadedImageSchema } from './uploads';

/**
 * Kinds of group (not shown in the spec; designed here):
 * - `open`: public, anyone joins directly (`free_to_join`);
 * - `approval`: public, joining needs an admin's approval (`request_approval`);
 * - `private`: invitation only, invisible to non-members.
 */
export const groupTypes = ['open', 'approval', 'private'] as const;
export const groupTypeSchema = z.enum(groupTypes);
export type GroupType = z.infer<typeof groupTypeSchema>;

/** Rights of the viewer on a group, computed on the server from role and group kind. */
export const groupPermissions = ['delete', 'edit', 'leave', 'manage_topics', 'post_content'] as const;
export const groupPermissionSchema = z.enum(groupPermissions);
export type GroupPermission = z.infer<typeof groupPermissionSchema>;

/** Role inside a group: `admin` (owner/admin: edits, manages members and topics) or `member`. */
export const groupRoles = ['admin', 'member'] as const;
export const groupRoleSchema = z.enum(groupRoles);
export type GroupRole = z.infer<typeof groupRoleSchema>;

/**
 * State of a membership row:
 * `pending` invited and not answered, `applied` asked to join and not answered,
 * `accepted` a member, `declined` an invitation or application turned down.
 */
export const membershipStatuses = ['pending', 'applied', 'accepted', 'declined'] as const;
export const membershipStatusSchema = z.enum(membershipStatuses);
export type MembershipStatus = z.infer<typeof membershipStatusSchema>;

/** `invite`: an admin invited the member; `application`: the member asked to join. */
export const membershipTypes = ['invite', 'application'] as const;
export const membershipTypeSchema = z.enum(membershipTypes);

/** The viewer's own membership in a group, or null. */
export const ownMembershipSchema = z.object({
  id: z.number().int(),
  status: membershipStatusSchema,
  role: groupRoleSchema,
});

/** A member row of a group's member lists. */
export const groupMemberSchema = z.object({
  id: z.number().int(),
  img: z.string().nullable(),
  names: z.object({ firstname: z.string(), lastname: z.string() }),
  combined_name: z.string(),
  role: groupRoleSchema,
  /** Null in the `candidates` list: those members have no membership in the group. */
  status: membershipStatusSchema.nullable(),
  membership_id: z.number().int().nullable(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupMemberListSchema = paginated(groupMemberSchema);

/** A topic as listed on its group. `date` is the creation time (ISO 8601). */
export const groupTopicRefSchema = z.object({ id: z.number().int(), name: z.string(), date: z.string() });

const groupInfosSchema = z.object({ title: z.string(), description: z.string(), img: z.string().nullable() });

/** A group in lists (own groups, public groups). */
export const groupSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  type: groupTypeSchema,
  free_to_join: z.boolean(),
  member_count: z.number().int(),
  permissions: z.array(groupPermissionSchema),
  membership: ownMembershipSchema.nullable(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

/** A group page: the summary plus its infos, topics, files and first members. */
export const groupSchema = groupSummarySchema.extend({
  infos: groupInfosSchema,
  topics: z.array(groupTopicRefSchema),
  files: z.array(fileSchema),
  members: groupMemberListSchema,
});
export type Group = z.infer<typeof groupSchema>;

/** An invitation to a group or an application to join one, as the groups list shows it. */
export const membershipSchema = z.object({
  id: z.number().int(),
  membership_id: z.number().int(),
  type: membershipTypeSchema,
  status: membershipStatusSchema,
  /** Group image, name and description. */
  image: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  group_id: z.number().int(),
  /** The other person: the inviter of an invitation, the applicant of an application. */
  user_details: z.object({
    user_id: z.number().int().nullable(),
    image: z.string().nullable(),
    combined_name: z.string(),
  }),
});
export type Membership = z.infer<typeof membershipSchema>;

/** Plain text: stored as written, shown as text. */
export const groupNameSchema = plainTextField(limits.groupNameMaxLength);
export const groupDescriptionSchema = plainTextField(limits.groupDescriptionMaxLength);

export const createGroupSchema = z.object({
  name: groupNameSchema,
  description: groupDescriptionSchema,
  type: groupTypeSchema.default('open'),
  /** An image uploaded with `groups/image` (and cropped); required when `group_image_required` is on. */
  img_id: idValueSchema.nullable().optional(),
  /** Members to invite right away. */
  users: z.array(idValueSchema).max(200).default([]),
});

export const updateGroupSchema = z.object({
  description: groupDescriptionSchema,
  /** Changed only when `update_group_name` is on. */
  name: groupNameSchema.optional(),
  type: groupTypeSchema.optional(),
  img_id: idValueSchema.nullable().optional(),
});

/** `member`: groups the viewer belongs to; `admin`: groups the viewer administers; `all`: every group visible to the viewer. */
export const groupListTypes = ['member', 'admin', 'all'] as const;

/** Member lists of a group (the tabs of the manage-members overlay, plus applications and invite candidates). */
export const groupUserListTypes = [
  'all',
  'admins',
  'invitations',
  'invitations_decline',
  'applications',
  /** Signed-up members who are not in the group in any state: whom an admin may invite. */
  'candidates',
] as const;
export const groupUserListTypeSchema = z.enum(groupUserListTypes);
export type GroupUserListType = z.infer<typeof groupUserListTypeSchema>;

export const groupParams = z.object({ id: idSchema });
export const groupOkSchema = z.object({ success: z.literal(true) });
/** The answer of a membership change: the viewer's membership after it. */
export const membershipResultSchema = z.object({
  success: z.literal(true),
  membership: ownMembershipSchema.nullable(),
});

const tags = ['groups'];
export const groupEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v2/groups',
    summary: 'Groups of the signed-in member; `permissions` says whether they may create groups',
    tags,
    access: 'user',
    query: pageQuerySchema.extend({ type: z.enum(groupListTypes).default('member') }),
    response: paginated(groupSummarySchema).extend({ permissions: z.array(z.enum(['create'])) }),
  }),
  publicGroups: defineEndpoint({
    method: 'GET',
    path: '/api/v2/public_groups',
    summary: 'Public groups (open or with approval) the member does not belong to',
    tags,
    access: 'user',
    query: pageQuerySchema,
    response: paginated(groupSummarySchema),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v2/groups/:id',
    summary: 'A group page; a private group is "not found" for non-members',
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'group' },
    params: groupParams,
    response: groupSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v2/groups',
    summary: 'Create a group; the creator becomes its admin and the listed members are invited',
    tags,
    access: 'user',
    body: createGroupSchema,
    response: groupSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/groups/:id',
    summary: 'Edit a group (admins)',
    tags,
    access: { allow: ['groupAdmin'], permission: 'superadmin', object: 'group', seenBy: ['groupMember'] },
    params: groupParams,
    body: updateGroupSchema,
    response: groupSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/groups/:id',
    summary: 'Delete a group with its topics and files (admins)',
    tags,
    access: { allow: ['groupAdmin'], permission: 'superadmin', object: 'group', seenBy: ['groupMember'] },
    params: groupParams,
    response: groupOkSchema,
  }),
  join: defineEndpoint({
    method: 'POST',
    path: '/api/v2/groups/:id/join',
    summary: 'Join an open group',
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'group' },
    params: groupParams,
    response: membershipResultSchema,
  }),
  requestApproval: defineEndpoint({
    method: 'POST',
    path: '/api/v2/groups/:id/request_approval',
    summary: 'Apply to join a group that needs approval; its admins get an application activity',
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'group' },
    params: groupParams,
    response: membershipResultSchema,
  }),
  leave: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/groups/members/:id',
    summary: 'Leave a group (`id` is the group); the last admin must hand over first',
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'group' },
    params: groupParams,
    response: groupOkSchema,
  }),
  uploadImage: defineEndpoint({
    method: 'POST',
    path: '/api/v2/groups/image',
    summary:
      'Upload a group or topic image (multipart, one file `file`, 20 MB at most, JPEG/PNG/WebP/GIF/AVIF by content)',
    tags,
    access: 'user',
    response: uploadedImageSchema,
    status: 201,
  }),
  cropImage: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/groups/image',
    summary: 'Crop an uploaded image; the result is stored resized as WebP without metadata',
    tags,
    access: 'user',
    body: z.object({ id: idValueSchema, coordinates: imageCropSchema }),
    response: uploadedImageSchema,
  }),
  cropGroupImage: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/groups/image/:id',
    summary: "Crop a group's current image anew from its original (admins)",
    tags,
    access: { allow: ['groupAdmin'], permission: 'superadmin', object: 'group', seenBy: ['groupMember'] },
    params: groupParams,
    body: z.object({ coordinates: imageCropSchema }),
    response: groupSchema,
  }),
  files: defineEndpoint({
    method: 'GET',
    path: '/api/v2/groups/:id/files',
    summary: 'Files of a group, newest first',
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'group' },
    params: groupParams,
    query: pageQuerySchema,
    response: paginated(fileSchema),
  }),
  uploadFile: defineEndpoint({
    method: 'POST',
    path: '/api/v2/groups/:id/files',
    summary: 'Upload a file to a group (multipart `file`; members who may post; checked by content)',
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'group' },
    params: groupParams,
    response: fileSchema,
    status: 201,
  }),
  removeFile: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/groups/:id/files/:fileId',
    summary: 'Delete a file of a group (delete permission, or its uploader)',
    tags,
    access: {
      allow: ['owner', 'groupAdmin'],
      permission: 'superadmin',
      object: 'groupFile',
      seenBy: ['groupMember'],
    },
    params: z.object({ id: idSchema, fileId: idSchema }),
    response: groupOkSchema,
  }),
};
