import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { text } from './text';

/**
 * Web push (spec 7 "push subscription", 1 "push notifications"). The web app asks for permission when
 * the settings carry `vapid_public_key`, subscribes through the browser and sends the subscription
 * here. A subscription belongs to the member who sent it: its id is random, and another member can
 * neither read nor remove it. Pushes go out for new chat messages and activities while the member has
 * no open connection to the app.
 */
export const pushSubscriptionSchema = z.strictObject({
  /** The push service's address for this browser (https). */
  endpoint: text()
    .max(2048)
    .regex(/^https:\/\/[^\s]+$/, 'an https address'),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: text().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'a base64url P-256 public key'),
    auth: text().regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, 'a base64url secret'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** What a push carries to the service worker (it shows a notification and opens `url` on a click). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** An app path without the language, e.g. `/?chat=1&conversation_id=3`. */
  url: z.string(),
  /** Notifications with the same tag replace each other (one per conversation). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

const tags = ['push'];
export const pushEndpoints = {
  subscribe: defineEndpoint({
    method: 'POST',
    path: '/api/v2/users/push_subscription',
    summary: "Store this browser's push subscription for the caller (the same browser again: the same id)",
    tags,
    access: 'user',
    /** The browser's subscription object as the spec sends it, or wrapped as `{ subscription }` (the web). */
    body: z.union([
      z.strictObject({ subscription: pushSubscriptionSchema }),
      pushSubscriptionSchema.transform((subscription) => ({ subscription })),
    ]),
    response: z.object({ id: z.string() }),
  }),
  unsubscribe: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/users/push_subscription/:id',
    summary: "Remove one of the caller's push subscriptions (another member's is not found)",
    tags,
    access: { allow: ['owner'], object: 'pushSubscription' },
    params: z.object({ id: text().regex(/^[a-f0-9]{32}$/, 'a subscription id') }),
    response: z.object({ success: z.literal(true) }),
  }),
};
