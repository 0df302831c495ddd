import type { ChannelName, ServerMessage, StreamRef } from '@plaza/contract';
import { realtimeClose, realtimePath } from '@plaza/contract/constants';
import { catchUpPending, takeCatchUpOnFirstConnect } from './page-data';
import { whenIdle } from './when-idle';

type Listener = (message: unknown) => void;

/** What a subscriber of a channel hears: its messages, and that the socket came back after a loss. */
export interface ChannelSubscriber {
  onMessage: Listener;
  /** Called when the channel is confirmed again after a reconnect: fetch what was missed meanwhile. */
  onReconnect?: () => void;
}

const backoffBaseMs = 1000;
const backoffMaxMs = 30_000;

/** One subscription of the socket: a channel, with its stream for the StreamChannel. */
interface Subscription {
  channel: ChannelName;
  stream?: StreamRef;
  subscribers: Set<ChannelSubscriber>;
}

/** A subscription's key: the channel, and the stream of the StreamChannel (as the server names it). */
const keyOf = (channel: ChannelName, stream: StreamRef | undefined) =>
  stream ? `${channel}:${JSON.stringify(stream)}` : channel;

/** The channel and stream of a subscribe or unsubscribe command. */
const target = ({ channel, stream }: Subscription) => (stream ? { channel, stream } : { channel });

/**
 * The browser side of the real-time endpoint: one socket for all channels (NotificationChannel,
 * ChatChannel, a StreamChannel per open stream), opened while someone listens and closed when the last
 * listener leaves. A lost socket
 * reconnects with exponential back-off (with jitter, at most 30 s); one whose server restarts (1012, a
 * rolling restart) at once, within a short spread; one without a valid session (sign-out) not at all.
 * Once a channel is confirmed again, its subscribers' `onReconnect` runs so they can fetch what they missed.
 * On a page the server drew, the first socket opens once the browser is idle: React is still taking the
 * page over then, and the catch-up's answers (a store's change, which React applies at once) would make it
 * hydrate the rest of the page in one long task.
 */
class RealtimeConnection {
  private socket: WebSocket | null = null;
  private readonly subscriptions = new Map<string, Subscription>();
  private attempt = 0;
  /** Cancels the open that is waiting: a reconnect's back-off, or an idle browser (`start`). */
  private cancelOpen: (() => void) | undefined;
  /** Whether the socket has been open before: a later confirmation is a reconnect. */
  private wasOpen = false;
  private reconnecting = false;

  subscribe(channel: ChannelName, subscriber: ChannelSubscriber, stream?: StreamRef): () => void {
    const key = keyOf(channel, stream);
    let subscription = this.subscriptions.get(key);
    const first = !subscription || subscription.subscribers.size === 0;
    if (!subscription) {
      subscription = { channel, ...(stream ? { stream } : {}), subscribers: new Set() };
      this.subscriptions.set(key, subscription);
    }
    const set = subscription.subscribers;
    set.add(subscriber);
    if (!this.socket && !this.cancelOpen) this.start();
    else if (first) this.send({ command: 'subscribe', ...target(subscription) });
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.send({ command: 'unsubscribe', ...target(subscription) });
      if (this.active().length === 0) this.close();
    };
  }

  private send(message: object) {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  private active(): Subscription[] {
    return [...this.subscriptions.values()].filter((subscription) => subscription.subscribers.size > 0);
  }

  private subscribersOf(message: { channel: ChannelName; stream?: StreamRef }): ChannelSubscriber[] {
    return [...(this.subscriptions.get(keyOf(message.channel, message.stream))?.subscribers ?? [])];
  }

  private start() {
    if (catchUpPending()) this.cancelOpen = whenIdle(() => this.open());
    else this.open();
  }

  /** Opens the socket after `ms`. */
  private openIn(ms: number) {
    const timer = setTimeout(() => this.open(), ms);
    this.cancelOpen = () => clearTimeout(timer);
  }

  private open() {
    this.cancelOpen = undefined;
    const url = new URL(realtimePath, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      const drawnByServer = takeCatchUpOnFirstConnect();
      this.reconnecting = this.wasOpen || drawnByServer;
      this.wasOpen = true;
      for (const subscription of this.active()) this.send({ command: 'subscribe', ...target(subscription) });
    };
    socket.onmessage = (event) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.type === 'message') {
        for (const subscriber of this.subscribersOf(message)) subscriber.onMessage(message.message);
      } else if (message.type === 'confirm_subscription' && this.reconnecting) {
        for (const subscriber of this.subscribersOf(message)) subscriber.onReconnect?.();
      }
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === realtimeClose.sessionEnded || this.active().length === 0) return;
      if (event.code === realtimeClose.serviceRestart) {
        // Another instance takes the socket now; the spread keeps this one's sockets from arriving at once.
        this.attempt = 0;
        this.openIn(Math.random() * realtimeClose.restartReconnectSpreadMs);
        return;
      }
      this.attempt += 1;
      const delay = Math.min(backoffMaxMs, backoffBaseMs * 2 ** (this.attempt - 1));
      this.openIn(delay / 2 + Math.random() * (delay / 2));
    };
  }

  private close() {
    this.cancelOpen?.();
    this.cancelOpen = undefined;
    const socket = this.socket;
    this.socket = null;
    this.wasOpen = false;
    this.attempt = 0;
    socket?.close();
  }
}

let connection: RealtimeConnection | null = null;

/** Listens to a channel on the app's one real-time socket; returns the function that stops listening. */
export function subscribeChannel(channel: ChannelName, subscriber: ChannelSubscriber): () => void {
  connection ??= new RealtimeConnection();
  return connection.subscribe(channel, subscriber);
}

/** Listens to a stream's new posts (`StreamChannel`); returns the function that stops listening. */
export function subscribeStream(stream: StreamRef, subscriber: ChannelSubscriber): () => void {
  connection ??= new RealtimeConnection();
  return connection.subscribe('StreamChannel', subscriber, stream);
}

/** Listens to several channels at once (messages only); returns the function that stops listening. */
export function connectRealtime(listeners: Partial<Record<ChannelName, Listener>>): () => void {
  const stops = Object.entries(listeners).map(([channel, onMessage]) =>
    subscribeChannel(channel as ChannelName, { onMessage: onMessage as Listener }),
  );
  return () => {
    for (const stop of stops) stop();
  };
}
