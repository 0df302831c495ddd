import { endpoints } from '@plaza/contract';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../test/fetch-stub';
import { subscribeToPush, unsubscribeFromPush, usePushSubscription } from './push';

const vapidKey = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const subscriptionJson = {
  endpoint: 'https://push.example/send/abc',
  keys: {
    p256dh: 'BOr-lUYWzFlAmNyJXBY1rnXEkVt3KZ0M3_vHtbZj7IKIxFA9kW0rvW4cy2d-SO4ow9bLyNN0sCQyNTnZq3Xx3Vg',
    auth: 'k8JV6sjdbhAi1n3_LDBLvA',
  },
};

/**
 * A browser with push: a service worker registration whose push manager subscribes. `permission` is the
 * member's answer to the question, `current` the browser's remembered one.
 */
function browserWithPush(permission: NotificationPermission, current: NotificationPermission = 'default') {
  const unsubscribe = vi.fn(async () => true);
  const subscription = { endpoint: subscriptionJson.endpoint, toJSON: () => subscriptionJson, unsubscribe };
  const subscribe = vi.fn(async () => subscription);
  const registration = { pushManager: { getSubscription: vi.fn(async () => null), subscribe } };
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: {
      register: vi.fn(async () => registration),
      getRegistration: vi.fn(async () => ({ pushManager: { getSubscription: async () => subscription } })),
    },
  });
  vi.stubGlobal('PushManager', class {});
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal('Notification', { permission: current, requestPermission });
  return { subscribe, unsubscribe, requestPermission, register: navigator.serviceWorker.register };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('web push in the browser', () => {
  it('subscribes with the server’s key once permission is granted and sends the subscription', async () => {
    const { subscribe } = browserWithPush('granted');
    const calls = stubFetch([answer(endpoints.push.subscribe, { id: 'a'.repeat(32) })]);
    await subscribeToPush(vapidKey);
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    const key = (subscribe.mock.calls[0] as unknown as [{ applicationServerKey: Uint8Array }])[0]
      .applicationServerKey;
    expect(key).toHaveLength(65);
    expect(calls.map((call) => call.body)).toEqual([{ subscription: subscriptionJson }]);
  });

  it('sends nothing and registers no service worker when the member refuses notifications', async () => {
    const { subscribe, register } = browserWithPush('denied');
    const calls = stubFetch([]);
    await subscribeToPush(vapidKey);
    expect(register).not.toHaveBeenCalled();
    expect(subscribe).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('at sign-out removes the stored subscription on the server and in the browser', async () => {
    const { unsubscribe } = browserWithPush('granted');
    const id = 'b'.repeat(32);
    localStorage.setItem('plaza.push_subscription', id);
    const calls = stubFetch([answer(endpoints.push.unsubscribe, { success: true }, { params: { id } })]);
    await unsubscribeFromPush();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `DELETE /api/v2/users/push_subscription/${id}`,
    ]);
    expect(unsubscribe).toHaveBeenCalled();
  });

  it('registers a browser that allows notifications once it is idle after the first screen, and not after the page is left', async () => {
    const { register, requestPermission } = browserWithPush('granted', 'granted');
    stubFetch([answer(endpoints.push.subscribe, { id: 'c'.repeat(32) })]);
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => idle.splice(handle - 1, 1));

    const page = renderHook(() => usePushSubscription(vapidKey, true));
    expect(register).not.toHaveBeenCalled();
    idle.shift()?.();
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith('/sw.js'));
    page.unmount();

    // A page left before the browser was idle registers nothing.
    vi.mocked(register).mockClear();
    renderHook(() => usePushSubscription(vapidKey, true)).unmount();
    expect(idle).toHaveLength(0);
    expect(register).not.toHaveBeenCalled();
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('asks a browser never asked at the member’s first click, not at start, and once', async () => {
    const { register, requestPermission } = browserWithPush('granted');
    const calls = stubFetch([answer(endpoints.push.subscribe, { id: 'd'.repeat(32) })]);
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));

    const page = renderHook(() => usePushSubscription(vapidKey, true));
    for (const task of idle.splice(0)) task();
    expect(requestPermission).not.toHaveBeenCalled();
    expect(register).not.toHaveBeenCalled();

    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith('/sw.js');

    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    page.unmount();
  });

  it('asks nothing when the page is left before the first click, or when the member refused before', async () => {
    const { requestPermission } = browserWithPush('granted');
    renderHook(() => usePushSubscription(vapidKey, true)).unmount();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));

    const refused = browserWithPush('granted', 'denied');
    const page = renderHook(() => usePushSubscription(vapidKey, true));
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(requestPermission).not.toHaveBeenCalled();
    expect(refused.requestPermission).not.toHaveBeenCalled();
    expect(refused.register).not.toHaveBeenCalled();
    page.unmount();
  });
});
