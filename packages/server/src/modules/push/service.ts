import { randomBytes } from 'node:crypto';
import type { PushSubscriptionInput } from '@plaza/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { pushKeys, pushRepo } from '../../platform/push';
import type { SessionUser } from '../../platform/request-context';
import { getSettings, setSettingByPath } from '../settings';

/** Makes sure the key pair exists and the settings tell the web app its public key. */
export async function publishPushKey(db: Db): Promise<void> {
  const { publicKey } = await pushKeys(db);
  if ((await getSettings(db)).vapid_public_key !== publicKey) {
    await setSettingByPath(db, 'vapid_public_key', publicKey);
  }
}

/** Stores the browser's subscription for the caller; the same browser again keeps its id. */
export async function subscribe(db: Db, user: SessionUser, subscription: PushSubscriptionInput) {
  const id = await pushRepo.upsert(db, {
    id: randomBytes(16).toString('hex'),
    user_id: user.id,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
  });
  return { id };
}

/** Removes one of the caller's subscriptions; anyone else's is "not found". */
export async function unsubscribe(db: Db, user: SessionUser, id: string): Promise<{ success: true }> {
  if (!(await pushRepo.removeOwn(db, id, user.id))) throw notFound('The push subscription');
  return { success: true };
}
