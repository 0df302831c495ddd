import websocket from '@fastify/websocket';
import {
  type ChannelName,
  type ClientMessage,
  clientMessageSchema,
  realtimeClose,
  realtimePath,
  type ServerMessage,
  type StreamRef,
} from '@plaza/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RawData, WebSocket } from 'ws';
import { databaseBusyReason } from '../../db/busy';
import { sessions } from '../../db/schema';
import { isDatabaseUnavailable } from '../../db/unavailable';
import type { AppDeps } from '../../deps';
import { AppError, unauthenticated } from '../errors';
import { pushRepo } from '../push';
import {
  type ChannelDefinition,
  channels,
  isAccessChanged,
  sessionTopic,
  streamAccessTopic,
} from './channels';
import { socketErrorHandler } from './socket-errors';

const HEARTBEAT_MS = 30_000;
const MAX_MESSAGE_BYTES = 4096;

declare module 'fastify' {
  interface FastifyInstance {
    /** The channels a socket may subscribe to: the platform's, then those modules add (`addChannel`). */
    realtimeChannels: ChannelDefinition[];
  }
}

function send(socket: WebSocket, message: ServerMessage) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/** A subscription's key on its socket: the channel, and the stream of a channel of streams. */
const subscriptionKey = (channel: ChannelName, stream: StreamRef | undefined) =>
  stream ? `${channel}:${JSON.stringify(stream)}` : channel;

/** The channel's name and, for a channel of streams, its stream: how the socket's messages name it. */
const named = (channel: ChannelName, stream: StreamRef | undefined) =>
  stream ? { channel, stream } : { channel };

/** A bus subscription, once set up: the function that ends it. */
type Pending = Promise<() => Promise<void>>;

/** A socket's subscription: its channel and stream, the topics decided for them, and the bus subscription. */
interface Subscription {
  channel: ChannelDefinition;
  stream: StreamRef | undefined;
  topics: string[];
  pending: Pending;
}

function sameTopics(a: string[], b: string[]): boolean {
  const [first, second] = [[...a].sort(), [...b].sort()];
  return first.length === second.length && first.every((topic, index) => topic === second[index]);
}

/** Subscribes one handler to several topics; answers the function that ends all of them. */
async function subscribeAll(
  bus: AppDeps['bus'],
  topics: string[],
  handler: (payload: unknown) => void,
): Pending {
  const settled = await Promise.allSettled(topics.map((topic) => bus.subscribe(topic, handler)));
  const ends = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const endAll = async () => {
    await Promise.all(ends.map((end) => end()));
  };
  const failure = settled.find((result) => result.status === 'rejected');
  if (failure) {
    await endAll().catch(() => undefined);
    throw failure.reason;
  }
  return endAll;
}

/**
 * The one WebSocket endpoint: signed-in members only, same-origin only, carrying named channels
 * whose events arrive through the bus (so any instance can publish to a client on any other).
 *
 * No message, bus event or closing socket can take the process down: every asynchronous step is
 * caught, logged with the member, the command and the channel, and answered (`reject_subscription`
 * for a subscribe, `error` otherwise). When the database cannot be reached, the socket is then closed
 * with 1013 (try again later): the web client reconnects with back-off and subscribes again, which
 * succeeds once the database is back. Sockets that ask for nothing stay open through an outage.
 */
async function realtime(app: FastifyInstance, { config, bus, database }: AppDeps) {
  const allowedOrigin = new URL(config.publicUrl).origin;
  const sockets = new Set<WebSocket>();
  const alive = new WeakMap<WebSocket, boolean>();
  /** Whose each socket is: members with an open socket are marked seen (web push waits while they are). */
  const owners = new WeakMap<WebSocket, number>();
  const registry = [...channels];
  app.decorate('realtimeChannels', registry);
  const markSeen = (userIds: number[]) =>
    pushRepo.touch(database.db, userIds).catch((error: unknown) => {
      app.log.warn({ err: error }, 'real-time: marking connected members as seen failed');
    });

  await app.register(websocket, {
    options: { maxPayload: MAX_MESSAGE_BYTES },
    errorHandler: socketErrorHandler,
    // Shutting down (a rolling restart): every socket is told so (1012), and the web client reconnects
    // at once, through the proxy to another instance, and fetches what it missed meanwhile.
    preClose: async () => {
      clearInterval(heartbeat);
      for (const socket of sockets) socket.close(realtimeClose.serviceRestart, 'service restart');
      app.websocketServer.close();
    },
  });

  // The bus was cut off from the other instances (Redis gone) and is back: their events meanwhile did not
  // reach these sockets. Each is told to reconnect (1013), after which the client fetches what it missed.
  const stopGapWatch = bus.onGap?.(() => {
    if (sockets.size > 0)
      app.log.warn(
        { sockets: sockets.size },
        'real-time: the bus was cut off; sockets reconnect to catch up',
      );
    for (const socket of sockets) {
      if (socket.readyState === socket.OPEN)
        socket.close(realtimeClose.tryAgainLater, 'events missed, reconnect');
    }
  });
  app.addHook('onClose', async () => stopGapWatch?.());

  const heartbeat = setInterval(() => {
    for (const socket of sockets) {
      try {
        if (alive.get(socket) === false) {
          socket.terminate();
          continue;
        }
        alive.set(socket, false);
        socket.ping();
      } catch (error) {
        app.log.warn({ err: error }, 'real-time heartbeat failed for a socket; closing it');
        sockets.delete(socket);
        socket.terminate();
      }
    }
    void markSeen([...new Set([...sockets].flatMap((socket) => owners.get(socket) ?? []))]);
  }, HEARTBEAT_MS);
  heartbeat.unref();

  app.get(
    realtimePath,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (origin !== allowedOrigin) {
          throw new AppError(403, 'forbidden', 'This origin may not open a real-time connection.');
        }
        if (!request.user || !request.sessionId) throw unauthenticated();
      },
    },
    (socket, request) => {
      const user = request.user!;
      const sessionId = request.sessionId!;
      const log = request.log.child({ userId: user.id, realtime: true });
      const subscriptions = new Map<string, Subscription>();
      let closed = false;
      sockets.add(socket);
      app.metrics.socketOpened();
      alive.set(socket, true);
      owners.set(socket, user.id);
      void markSeen([user.id]);
      socket.on('pong', () => alive.set(socket, true));

      /** After a failure the server cannot fix by itself: the client tries again later. */
      const closeForRetry = (reason: string) => {
        if (socket.readyState === socket.OPEN) socket.close(realtimeClose.tryAgainLater, reason);
      };

      const endSession = bus.subscribe(sessionTopic(sessionId), () =>
        socket.close(realtimeClose.sessionEnded, 'session ended'),
      );
      // Without this subscription an ended session could keep its socket, so the socket goes instead.
      endSession.catch((error: unknown) => {
        log.error({ err: error }, 'real-time: cannot watch the session for its end; closing the socket');
        closeForRetry('server busy, try again later');
      });

      const sessionIsValid = async () => {
        const [row] = await database.db
          .select({ expires_at: sessions.expires_at })
          .from(sessions)
          .where(eq(sessions.id, sessionId));
        return Boolean(row && row.expires_at > new Date());
      };

      /** Ends one bus subscription; a failure (the bus is gone) is logged, never thrown. */
      const release = async (channel: string, pending: Pending | undefined) => {
        if (!pending) return;
        try {
          await (await pending)();
        } catch (error) {
          log.warn({ err: error, channel }, 'real-time: ending a bus subscription failed');
        }
      };

      /** Listens to a subscription's topics: their events go out as the channel says, access notices recheck. */
      const listen = (channel: ChannelDefinition, stream: StreamRef | undefined, topics: string[]) => ({
        channel,
        stream,
        topics,
        pending: subscribeAll(bus, topics, (payload) => {
          if (isAccessChanged(payload)) return recheck();
          const message = channel.messageFor ? channel.messageFor(user, payload) : payload;
          if (message !== undefined)
            send(socket, { type: 'message', ...named(channel.name, stream), message });
        }),
      });

      /**
       * Decides the topics of the socket's streams again, after an access notice: a stream the member may no
       * longer read is dropped (`reject_subscription`); one whose topics changed listens to the new ones
       * before it stops listening to the old. Notices are handled one after the other. Should that fail,
       * the socket closes and the client's next one is decided afresh.
       */
      const recheckStreams = async () => {
        for (const [key, subscription] of [...subscriptions]) {
          if (!subscription.stream || closed) continue;
          const topics = await subscription.channel.topicsFor(user, subscription.stream);
          if (closed || subscriptions.get(key) !== subscription) continue;
          if (topics && sameTopics(topics, subscription.topics)) continue;
          if (topics) {
            const next = listen(subscription.channel, subscription.stream, topics);
            subscriptions.set(key, next);
            await next.pending;
          } else {
            subscriptions.delete(key);
            send(socket, {
              type: 'reject_subscription',
              ...named(subscription.channel.name, subscription.stream),
            });
          }
          await release(key, subscription.pending);
        }
      };
      let rechecks = Promise.resolve();
      const recheck = () => {
        rechecks = rechecks.then(recheckStreams).catch((error: unknown) => {
          log.warn({ err: error }, 'real-time: deciding the streams again failed; closing the socket');
          closeForRetry('access changed, reconnect');
        });
      };
      const accessWatch = bus.subscribe(streamAccessTopic(user.id), recheck);
      // Without this subscription a member removed from a group could keep hearing of its posts.
      accessWatch.catch((error: unknown) => {
        log.error(
          { err: error },
          'real-time: cannot watch the member for access changes; closing the socket',
        );
        closeForRetry('server busy, try again later');
      });

      const subscribe = async (name: ChannelName, stream: StreamRef | undefined) => {
        const channel = registry.find((candidate) => candidate.name === name);
        const reject = () => send(socket, { type: 'reject_subscription', ...named(name, stream) });
        if (!channel || !(await sessionIsValid())) return reject();
        const key = subscriptionKey(name, stream);
        let subscription = subscriptions.get(key);
        if (!subscription) {
          const topics = await channel.topicsFor(user, stream);
          if (topics === null) return reject();
          // A second subscribe of the same stream may have started meanwhile: it is the one kept.
          subscription = subscriptions.get(key);
          if (!subscription) {
            subscription = listen(channel, stream, topics);
            subscriptions.set(key, subscription);
          }
        }
        try {
          await subscription.pending;
        } catch (error) {
          if (subscriptions.get(key) === subscription) subscriptions.delete(key);
          throw error;
        }
        if (closed) {
          // The socket closed while the subscription was being set up; its close handler has run.
          if (subscriptions.get(key) === subscription) subscriptions.delete(key);
          return release(key, subscription.pending);
        }
        send(socket, { type: 'confirm_subscription', ...named(name, stream) });
      };

      const handle = async (message: ClientMessage) => {
        if (message.command === 'ping') return send(socket, { type: 'pong' });
        if (message.command === 'unsubscribe') {
          const key = subscriptionKey(message.channel, message.stream);
          const subscription = subscriptions.get(key);
          subscriptions.delete(key);
          if (subscription) await (await subscription.pending)();
          return;
        }
        return subscribe(message.channel, message.stream);
      };

      const failed = (message: ClientMessage, error: unknown) => {
        const unavailable = isDatabaseUnavailable(error);
        const busy = databaseBusyReason(error, false) !== undefined;
        const channel = 'channel' in message ? message.channel : undefined;
        const context = { err: error, command: message.command, channel };
        if (unavailable) log.warn(context, 'real-time message failed: database unavailable');
        else if (busy) log.warn(context, 'real-time message failed: database busy');
        else log.error(context, 'real-time message failed');
        if (message.command === 'subscribe')
          send(socket, { type: 'reject_subscription', ...named(message.channel, message.stream) });
        else send(socket, { type: 'error', message: 'The server could not handle this message.' });
        if (unavailable) closeForRetry('database unavailable, try again later');
        else if (busy) closeForRetry('database busy, try again later');
      };

      socket.on('message', (raw: RawData) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString());
        } catch {
          return send(socket, { type: 'error', message: 'Messages must be JSON.' });
        }
        const result = clientMessageSchema.safeParse(parsed);
        if (!result.success) return send(socket, { type: 'error', message: 'Unknown message.' });
        const message = result.data;
        handle(message).catch((error: unknown) => failed(message, error));
      });

      socket.on('close', (code: number) => {
        closed = true;
        sockets.delete(socket);
        app.metrics.socketClosed();
        const pending: Array<[string, Pending]> = [
          [sessionTopic(sessionId), endSession],
          [streamAccessTopic(user.id), accessWatch],
          ...[...subscriptions].map(([key, subscription]): [string, Pending] => [key, subscription.pending]),
        ];
        subscriptions.clear();
        log.debug({ code }, 'real-time socket closed');
        // release() logs and never rejects, so nothing here can become an unhandled rejection.
        for (const [channel, unsubscribe] of pending) void release(channel, unsubscribe);
      });

      send(socket, { type: 'welcome' });
    },
  );
}

/** Registers the real-time endpoint (after the session plugin, so `request.user` is known at upgrade). */
export const realtimePlugin = fp(realtime, { name: 'plaza-realtime' });
