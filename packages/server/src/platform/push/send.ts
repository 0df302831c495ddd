import type { PushPayload } from '@plaza/contract';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { runDetached } from '../../db/query-scope';
import { type GuardOptions, RefusedTarget, staticHostFetchOptions } from '../link-preview';
import { pushRepo } from './repo';
import { sendPushRequest } from './transport';

/** A member counts as connected while seen this recently (open sockets are touched more often). */
export const presenceWindowMs = 90_000;

interface PushSetup {
  transport: GuardOptions & { plainHttp: boolean };
  /** The VAPID subject: the site's https address, else the mail sender's address. */
  subject: string;
  log: { error(details: object, message: string): void };
}

/** How this server reaches push services and whom it names (set from the configuration when the app is built). */
let setup: PushSetup = {
  transport: { ...staticHostFetchOptions(new Map()), plainHttp: false },
  subject: 'mailto:no-reply@plaza.local',
  log: console,
};

export function configurePush(
  config: {
    push: { hosts: ReadonlyMap<string, string>; plainHttp: boolean };
    publicUrl: string;
    mailFrom: string;
  },
  log: PushSetup['log'],
): void {
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  setup = {
    transport: { ...staticHostFetchOptions(config.push.hosts), plainHttp: config.push.plainHttp },
    subject: config.publicUrl.startsWith('https://') ? config.publicUrl : `mailto:${address}`,
    log,
  };
}

const keysByDb = new WeakMap<Db, Promise<{ publicKey: string; privateKey: string }>>();

/** The installation's VAPID key pair: read, or made and stored at the first start. */
export function pushKeys(db: Db): Promise<{ publicKey: string; privateKey: string }> {
  let keys = keysByDb.get(db);
  if (!keys) {
    keys = (async () => {
      const row = (await pushRepo.keys(db)) ?? (await pushRepo.storeKeys(db, fresh()));
      return { publicKey: row.public_key, privateKey: row.private_key };
    })();
    keys.catch(() => keysByDb.delete(db));
    keysByDb.set(db, keys);
  }
  return keys;
}

function fresh() {
  const generated = webpush.generateVAPIDKeys();
  return { public_key: generated.publicKey, private_key: generated.privateKey };
}

/**
 * Pushes to every browser of the members who have no open connection to the app (not seen within the
 * presence window): one query finds their subscriptions. A subscription the push service no longer
 * knows (404, 410) is removed. Returns how many pushes were delivered.
 */
export async function pushToAbsentMembers(
  db: Db,
  input: { userIds: number[]; payload: PushPayload; now: Date },
): Promise<number> {
  const since = new Date(input.now.getTime() - presenceWindowMs);
  const subscriptions = await pushRepo.ofAbsentMembers(db, input.userIds, since);
  if (subscriptions.length === 0) return 0;
  const keys = await pushKeys(db);
  let sent = 0;
  for (const subscription of subscriptions) {
    const details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(input.payload),
      {
        vapidDetails: { subject: setup.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: 24 * 3600,
        contentEncoding: 'aes128gcm',
      },
    );
    try {
      const status = await sendPushRequest(
        { endpoint: details.endpoint, method: details.method, headers: details.headers, body: details.body },
        setup.transport,
      );
      if (status === 404 || status === 410) await pushRepo.removeByEndpoint(db, subscription.endpoint);
      else if (status >= 200 && status < 300) sent += 1;
    } catch (error) {
      // An endpoint that names no public address can never be a push service: it goes.
      if (error instanceof RefusedTarget) await pushRepo.removeByEndpoint(db, subscription.endpoint);
      else setup.log.error({ err: error, subscription: subscription.id }, 'web push to one browser failed');
    }
  }
  return sent;
}

/**
 * Starts `pushToAbsentMembers` without waiting for it and outside the request's query scope (the
 * request's end must not cancel it); a failure is logged, never thrown.
 */
export function pushInBackground(
  db: Db,
  input: { userIds: number[]; payload: PushPayload; now: Date },
): void {
  if (input.userIds.length === 0) return;
  runDetached(() =>
    pushToAbsentMembers(db, input).catch((error: unknown) =>
      setup.log.error({ err: error, userIds: input.userIds.slice(0, 20) }, 'web push failed'),
    ),
  );
}
