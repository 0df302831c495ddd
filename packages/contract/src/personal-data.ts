import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParamsSchema } from './entities';

/**
 * A member's personal data (GDPR articles 15, 17 and 20).
 *
 * Export (articles 15 and 20): a member asks for everything Plaza holds about them; an administrator
 * (superadmin or the `users` permission; only a superadmin for a superadmin's account, as with
 * deactivation) may ask for a member's. The request is a row in `data_exports`; a background worker
 * (any instance; a row is claimed with `for update skip locked`, so it runs once) writes a zip of JSON
 * files, reading each kind in keyset batches of `dataExportLimits.batchRows`, and the member's own files:
 * - `profile.json`: the account (no password hash), addresses, children, custom fields, preferences,
 *   follows (ids and names of the members they follow);
 * - `posts.json`, `comments.json`, `likes.json`: what they wrote and liked;
 * - `conversations.json` (each conversation with its participants by id and name, as they see it) and
 *   `chat_messages.json`: their own messages only, never their partners';
 * - `post_files.json`, `group_files.json`, `chat_files.json`, `images.json` (their uploads, each naming
 *   its entry) and `files/<kind>-<id>-<name>`: the bytes as stored (a file gone from the store is listed
 *   but not included);
 * - `orders.json` (with their lines) and `subscriptions.json`;
 * - `reviews.json`: their own reviews of locations, with nothing of other reviewers;
 * - `notifications.json` (their activities) and `groups.json` (their memberships).
 * When it is ready, whoever asked for it gets a mail in their language with the download link; only
 * they may download it, with their session, until `expires_at` (`dataExportLimits.expiryDays`), after
 * which housekeeping removes the zip. One request at a time: asking while one is open returns it.
 *
 * Deletion (article 17, `DELETE /api/v2/users/:id`, see `profile.ts`): sessions and open sockets end;
 * posts they authored (with their files and comments), their comments, likes, follows, memberships,
 * notifications, addresses, children, carts, exports and the group files they uploaded are removed with
 * their bytes; chat messages stay for the other participants as from a deleted member (no sender), their
 * attachments removed; orders and subscriptions stay for the books without the account; reviews stay
 * anonymous (they never showed who wrote them); articles and pages stay without the author.
 *
 * The audit log records each request (`member.data_export`), download (`member.data_download`) and
 * deletion (`member.delete`).
 */
export const dataExportLimits = {
  /** Days a ready export may be downloaded; housekeeping removes it afterwards. */
  expiryDays: 7,
  /** Rows of one kind read per query while writing the zip. */
  batchRows: 500,
  /** A running export not finished after this long (its instance stopped) is taken up again. */
  staleMinutes: 30,
  /** Seconds between the worker's looks for requested exports (it also starts right after a request). */
  pollSeconds: 60,
} as const;

export const dataExportStates = ['requested', 'running', 'ready', 'failed', 'expired'] as const;
export type DataExportState = (typeof dataExportStates)[number];

export const dataExportSchema = z.object({
  id: z.number().int(),
  /** The member whose data it holds. */
  member_id: z.number().int(),
  state: z.enum(dataExportStates),
  /** ISO 8601. */
  requested_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** The zip's size in bytes, once ready. */
  size: z.number().int().nullable(),
  /** The download address while ready (the asker's session is needed), else null. */
  download_path: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** The latest export the caller asked for (of themself, or of the member in the path), or null. */
export const dataExportStatusSchema = z.object({ export: dataExportSchema.nullable() });
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

const tags = ['personal data'];

export const personalDataEndpoints = {
  requestOwn: defineEndpoint({
    method: 'POST',
    path: '/api/v2/me/data_export',
    summary:
      'Ask for a zip of everything Plaza holds about me; prepared in the background, mailed when ready (an open request is returned)',
    tags,
    access: 'user',
    response: dataExportSchema,
    status: 202,
  }),
  ownStatus: defineEndpoint({
    method: 'GET',
    path: '/api/v2/me/data_export',
    summary: 'The state of my latest data export',
    tags,
    access: 'user',
    response: dataExportStatusSchema,
  }),
  requestFor: defineEndpoint({
    method: 'POST',
    path: '/api/v2/members/:id/data_export',
    summary:
      "Ask for a member's data export (superadmins and the users permission); the asker is mailed and downloads it",
    tags,
    access: { allow: [], permission: 'users', object: 'account', seenBy: ['member'] },
    params: idParamsSchema,
    response: dataExportSchema,
    status: 202,
  }),
  statusFor: defineEndpoint({
    method: 'GET',
    path: '/api/v2/members/:id/data_export',
    summary: "The state of the latest export of a member's data that I asked for",
    tags,
    access: { allow: [], permission: 'users', object: 'account', seenBy: ['member'] },
    params: idParamsSchema,
    response: dataExportStatusSchema,
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/api/v2/data_exports/:id/download',
    summary: 'Download a ready data export as a zip (only by whoever asked for it, until it expires)',
    tags,
    access: { allow: ['owner'], object: 'dataExport' },
    params: idParamsSchema,
    response: z.unknown(),
  }),
};
