import { useEffect } from 'react';
import { call } from './api-client';
import { routes } from './endpoint-routes';
import { whenIdle } from './when-idle';

/** Where this browser keeps the id of its subscription, to remove it at sign-out. */
const storageKey = 'plaza.push_subscription';

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` wants. */
function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(key.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Registers the service worker, asks for permission (once: the browser remembers the answer) and sends
 * this browser's subscription to the server, which pushes chat messages and activities while the app is
 * closed.
 */
export async function subscribeToPush(vapidKey: string): Promise<void> {
  if (!supported()) return;
  const registration = await navigator.serviceWorker.register('/sw.js');
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(vapidKey),
    }));
  const json = subscription.toJSON();
  const { id } = await call(routes.push.subscribe, {
    body: {
      subscription: {
        endpoint: json.endpoint ?? subscription.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      },
    },
  });
  localStorage.setItem(storageKey, id);
}

/** At sign-out: the server forgets this browser and the browser its subscription (no pushes for the next member). */
export async function unsubscribeFromPush(): Promise<void> {
  const id = localStorage.getItem(storageKey);
  localStorage.removeItem(storageKey);
  if (id) await call(routes.push.unsubscribe, { params: { id } }).catch(() => undefined);
  if (!supported()) return;
  const registration = await navigator.serviceWorker.getRegistration('/sw.js');
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}

/** Subscribes this browser to web push once a member is signed in and the server has a key. */
export function usePushSubscription(vapidKey: string | null, signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn || !vapidKey) return;
    // Push is an extra: a browser that refuses or cannot is still fully usable. Registering the service
    // worker waits until the first screen is drawn.
    return whenIdle(() => {
      subscribeToPush(vapidKey).catch(() => undefined);
    });
  }, [vapidKey, signedIn]);
}
