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
 * Asks for permission (once: the browser remembers the answer), registers the service worker and sends
 * this browser's subscription to the server, which pushes chat messages and activities while the app is
 * closed. The question comes first, while the member's click still counts as the reason for it.
 */
export async function subscribeToPush(vapidKey: string): Promise<void> {
  if (!supported()) return;
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return;
  const registration = await navigator.serviceWorker.register('/sw.js');
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

/** Runs `task` at the member's first click, tap or key on the page. Returns the cancel. */
function onFirstGesture(task: () => void): () => void {
  const events = ['pointerdown', 'keydown'] as const;
  const stop = () => {
    for (const type of events) window.removeEventListener(type, run, true);
  };
  function run() {
    stop();
    task();
  }
  for (const type of events) window.addEventListener(type, run, true);
  return stop;
}

/**
 * Subscribes this browser to web push once a member is signed in and the server has a key. A browser that
 * already allows notifications is subscribed once the page is idle; one that was never asked is asked at
 * the member's first click or key (browsers only hint quietly at a question asked without one, and the
 * first screen is drawn without the service worker's start); one that refused is left alone.
 */
export function usePushSubscription(vapidKey: string | null, signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn || !vapidKey || !supported() || Notification.permission === 'denied') return;
    // Push is an extra: a browser that refuses or cannot is still fully usable.
    const subscribe = () => {
      subscribeToPush(vapidKey).catch(() => undefined);
    };
    return Notification.permission === 'granted' ? whenIdle(subscribe) : onFirstGesture(subscribe);
  }, [vapidKey, signedIn]);
}
