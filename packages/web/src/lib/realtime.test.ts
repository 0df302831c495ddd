import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HandSocket } from '../test/hand-socket';
import { catchUpOnFirstConnect } from './page-data';
import { subscribeChannel } from './realtime';

describe('the realtime connection', () => {
  beforeEach(() => {
    HandSocket.instances = [];
    vi.stubGlobal('WebSocket', HandSocket);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('serves both channels over one socket and reconnects with back-off, then asks to catch up', () => {
    const notifications = vi.fn();
    const chat = { onMessage: vi.fn(), onReconnect: vi.fn() };
    const stopNotifications = subscribeChannel('NotificationChannel', { onMessage: notifications });
    const stopChat = subscribeChannel('ChatChannel', chat);
    expect(HandSocket.instances).toHaveLength(1);
    const first = HandSocket.instances[0]!;
    first.open();
    expect(first.sent).toEqual([
      { command: 'subscribe', channel: 'NotificationChannel' },
      { command: 'subscribe', channel: 'ChatChannel' },
    ]);
    first.receive({ type: 'message', channel: 'ChatChannel', message: { kind: 'typing' } });
    expect(chat.onMessage).toHaveBeenCalledWith({ kind: 'typing' });
    expect(notifications).not.toHaveBeenCalled();
    first.receive({ type: 'confirm_subscription', channel: 'ChatChannel' });
    expect(chat.onReconnect).not.toHaveBeenCalled();

    first.drop();
    vi.advanceTimersByTime(1000);
    expect(HandSocket.instances).toHaveLength(2);
    const second = HandSocket.instances[1]!;
    second.drop();
    // The second wait is longer: half to all of 2 s.
    vi.advanceTimersByTime(900);
    expect(HandSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1100);
    const third = HandSocket.instances[2]!;
    third.open();
    third.receive({ type: 'confirm_subscription', channel: 'ChatChannel' });
    expect(chat.onReconnect).toHaveBeenCalledTimes(1);

    stopNotifications();
    stopChat();
    expect(third.readyState).toBe(3);
    third.drop();
    vi.advanceTimersByTime(60_000);
    expect(HandSocket.instances).toHaveLength(3);
  });

  it('on a page the server drew, opens once the browser is idle and catches up at the first confirmation, only on that socket', () => {
    catchUpOnFirstConnect();
    const bell = { onMessage: vi.fn(), onReconnect: vi.fn() };
    const before = HandSocket.instances.length;
    const stop = subscribeChannel('NotificationChannel', bell);
    // React is still taking the page over: no socket yet, its answers would land in the middle of that.
    expect(HandSocket.instances).toHaveLength(before);
    vi.advanceTimersByTime(2000);
    expect(HandSocket.instances).toHaveLength(before + 1);
    const socket = HandSocket.instances.at(-1)!;
    socket.open();
    socket.receive({ type: 'confirm_subscription', channel: 'NotificationChannel' });
    expect(bell.onReconnect).toHaveBeenCalledTimes(1);
    stop();
    // The next page's socket (the app's own data, fetched fresh) does not.
    const again = { onMessage: vi.fn(), onReconnect: vi.fn() };
    const stopAgain = subscribeChannel('NotificationChannel', again);
    const next = HandSocket.instances.at(-1)!;
    expect(next).not.toBe(socket);
    next.open();
    next.receive({ type: 'confirm_subscription', channel: 'NotificationChannel' });
    expect(again.onReconnect).not.toHaveBeenCalled();
    stopAgain();
  });

  it('reconnects at once, within the spread, when its server restarts (1012), and catches up', () => {
    const chat = { onMessage: vi.fn(), onReconnect: vi.fn() };
    const stop = subscribeChannel('ChatChannel', chat);
    const first = HandSocket.instances.at(-1)!;
    first.open();
    first.drop(1012);
    vi.advanceTimersByTime(1000);
    const second = HandSocket.instances.at(-1)!;
    expect(second).not.toBe(first);
    second.open();
    second.receive({ type: 'confirm_subscription', channel: 'ChatChannel' });
    expect(chat.onReconnect).toHaveBeenCalledTimes(1);
    // A restart is no failure: the next lost connection starts the back-off from its first wait.
    second.drop(1012);
    vi.advanceTimersByTime(1000);
    expect(HandSocket.instances.at(-1)).not.toBe(second);
    stop();
  });

  it('does not reconnect a socket refused for want of a session', () => {
    const stop = subscribeChannel('ChatChannel', { onMessage: vi.fn() });
    HandSocket.instances[0]!.drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(HandSocket.instances).toHaveLength(1);
    stop();
  });
});
