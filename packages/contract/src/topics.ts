import { z } from 'zod';
import { limits } from './constants';
import { defineEndpoint } from './endpoint';
import { idSchema, idValueSchema } from './entities';
import { groupMemberListSchema } from './groups';
import { pageQuerySchema, paginated } from './pagination';
import { plainTextField } from './text';
import { fileSchema } from './uploads';

/** Rights of the viewer on a topic, computed from the group's rights and authorship. */
export const topicPermissions = ['delete', 'edit', 'post_content'] as const;
export const topicPermissionSchema = z.enum(topicPermissions);
export type TopicPermission = z.infer<typeof topicPermissionSchema>;

/** A topic is `active`, or `suggested` until someone who manages the group's topics accepts it. */
export const topicStatuses = ['active', 'suggested'] as const;
export type TopicStatus = (typeof topicStatuses)[number];

const authorSchema = z.object({
  id: z.number().int().nullable(),
  combined_name: z.string(),
  img: z.string().nullable(),
});
const topicGroupSchema = z.object({ id: z.number().int(), name: z.string(), image: z.string().nullable() });

/** A topic page. Its members are the members of its group. */
export const topicSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  infos: z.object({ title: z.string(), description: z.string(), img: z.string().nullable() }),
  date: z.string(),
  group: topicGroupSchema,
  author: authorSchema,
  files: z.array(fileSchema),
  members: groupMemberListSchema,
  member_count: z.number().int(),
  permissions: z.array(topicPermissionSchema),
  /** Open suggestions in the topic's group, for those who manage topics (else 0). */
  suggestions: z.number().int(),
});
export type Topic = z.infer<typeof topicSchema>;

/** A suggested topic waiting for someone who manages topics of its group. */
export const topicSuggestionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  author: authorSchema,
  group: topicGroupSchema,
  date: z.string(),
});
export type TopicSuggestion = z.infer<typeof topicSuggestionSchema>;

/** Plain text: stored as written, shown as text. */
export const topicTitleSchema = plainTextField(limits.topicNameMaxLength);
export const topicDescriptionSchema = plainTextField(limits.topicDescriptionMaxLength);

/** The topic form: `create` needs manage_topics on the group, `suggestion` is open to its members. */
export const topicFormSchema = z.object({
  name: topicTitleSchema,
  description: topicDescriptionSchema,
  type: z.enum(['create', 'suggestion']),
  group_id: idValueSchema,
});

const topicParams = z.object({ id: idSchema });
const okSchema = z.object({ success: z.literal(true) });
const tags = ['topics'];

export const topicEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v2/topics/:id',
    summary: 'A topic page; hidden with its group from those who may not see the group',
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'topic' },
    params: topicParams,
    response: topicSchema,
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/api/v2/topics/:id/users',
    summary: "Members of a topic (its group's members)",
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'topic' },
    params: topicParams,
    query: pageQuerySchema,
    response: groupMemberListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v2/topics',
    summary: 'Create a topic in a group (manage_topics)',
    tags,
    access: { allow: ['groupAdmin'], permission: 'superadmin', object: 'group', seenBy: ['groupMember'] },
    /** The name as `name`, or as `title` like the spec's topic form (and PUT topics/{id}) writes it. */
    body: z
      .object({
        name: topicTitleSchema.optional(),
        title: topicTitleSchema.optional(),
        description: topicDescriptionSchema,
        group_id: idValueSchema,
        img_id: idValueSchema.nullable().optional(),
      })
      .transform(({ name, title, ...rest }, ctx) => {
        const given = name ?? title;
        if (given !== undefined) return { ...rest, name: given };
        ctx.addIssue({ code: 'custom', message: 'Required', path: ['name'] });
        return z.NEVER;
      }),
    response: topicSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/topics/:id',
    summary: 'Edit a topic (edit permission); `group_id` must stay its group',
    tags,
    access: { allow: ['groupAdmin'], permission: 'superadmin', object: 'topic', seenBy: ['groupMember'] },
    params: topicParams,
    body: z.object({
      group_id: idValueSchema,
      title: topicTitleSchema,
      description: topicDescriptionSchema,
      img_id: idValueSchema.nullable().optional(),
    }),
    response: topicSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/topics/:id',
    summary: 'Delete a topic with its files (delete permission)',
    tags,
    access: { allow: ['groupAdmin'], permission: 'superadmin', object: 'topic', seenBy: ['groupMember'] },
    params: topicParams,
    response: okSchema,
  }),
  suggestions: defineEndpoint({
    method: 'GET',
    path: '/api/v2/topics/suggestions',
    summary: 'Open topic suggestions in the groups where the member manages topics',
    tags,
    access: 'user',
    response: z.object({ results: z.array(topicSuggestionSchema) }),
  }),
  suggest: defineEndpoint({
    method: 'POST',
    path: '/api/v2/topics/suggestions',
    summary: "Suggest a topic to a group's topic managers (members of the group)",
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'group' },
    body: z.object({
      name: topicTitleSchema,
      description: topicDescriptionSchema,
      group_id: idValueSchema,
    }),
    response: topicSuggestionSchema,
    status: 201,
  }),
  acceptSuggestion: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/topics/suggestions/:id',
    summary: 'Accept a suggestion: it becomes a topic (manage_topics); its author gets an activity',
    tags,
    access: {
      allow: ['groupAdmin'],
      permission: 'superadmin',
      object: 'suggestion',
      seenBy: ['groupMember'],
    },
    params: topicParams,
    response: topicSchema,
  }),
  declineSuggestion: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/topics/suggestions/:id',
    summary: 'Decline a suggestion (manage_topics); its author gets an activity',
    tags,
    access: {
      allow: ['groupAdmin'],
      permission: 'superadmin',
      object: 'suggestion',
      seenBy: ['groupMember'],
    },
    params: topicParams,
    response: okSchema,
  }),
  files: defineEndpoint({
    method: 'GET',
    path: '/api/v2/topics/:id/files',
    summary: 'Files of a topic, newest first',
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'topic' },
    params: topicParams,
    query: pageQuerySchema,
    response: paginated(fileSchema),
  }),
  uploadFile: defineEndpoint({
    method: 'POST',
    path: '/api/v2/topics/:id/files',
    summary: 'Upload a file to a topic (multipart `file`; post_content; checked by content)',
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'topic' },
    params: topicParams,
    response: fileSchema,
    status: 201,
  }),
  removeFile: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/topics/:id/files/:fileId',
    summary: 'Delete a file of a topic (delete permission, or its uploader)',
    tags,
    access: {
      allow: ['owner', 'groupAdmin'],
      permission: 'superadmin',
      object: 'topicFile',
      seenBy: ['groupMember'],
    },
    params: z.object({ id: idSchema, fileId: idSchema }),
    response: okSchema,
  }),
};
