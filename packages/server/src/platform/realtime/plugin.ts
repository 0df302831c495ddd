import websocket from '@fastify/websocket';
import { type ChannelName, clientMessageSchema, realtimePath, type ServerMessage } from '@plaza/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import type { AppDeps } from '../../app';
import { sessions } from '../../db/schema';
import { AppError, unauthenticated } from '../errors';
import { channels, sessionTopic } from './channels';

const HEARTBEAT_MS = 30_000;
const MAX_MESSAGE_BYTES = 4096;

function send(socket: WebSocket, message: ServerMessage) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/**
 * The one WebSocket endpoint: signed-in members only, same-origin only, carrying named channels
 * whose events arrive through the bus (so any instance can publish to a client on any other).
 */
async function realtime(app: FastifyInstance, { config, bus, database }: AppDeps) {
  const allowedOrigin = new URL(config.publicUrl).origin;
  const sockets = new Set<WebSocket>();
  const alive = new WeakMap<WebSocket, boolean>();

  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });

  const heartbeat = setInterval(() => {
    for (const socket of sockets) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const socket of sockets) socket.close(1001, 'server shutting down');
  });

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
      const subscriptions = new Map<ChannelName, Promise<() => Promise<void>>>();
      sockets.add(socket);
      alive.set(socket, true);
      socket.on('pong', () => alive.set(socket, true));

      const endSession = bus.subscribe(sessionTopic(sessionId), () => socket.close(4401, 'session ended'));

      const sessionIsValid = async () => {
        const [row] = await database.db
          .select({ expires_at: sessions.expires_at })
          .from(sessions)
          .where(eq(sessions.id, sessionId));
        return Boolean(row && row.expires_at > new Date());
      };

      socket.on('message', async (raw) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString());
        } catch {
          return send(socket, { type: 'error', message: 'Messages must be JSON.' });
        }
        const result = clientMessageSchema.safeParse(parsed);
        if (!result.success) return send(socket, { type: 'error', message: 'Unknown message.' });
        const message = result.data;
        if (message.command === 'ping') return send(socket, { type: 'pong' });
        const channel = channels.find((candidate) => candidate.name === message.channel);
        if (message.command === 'unsubscribe') {
          const unsubscribe = subscriptions.get(message.channel);
          subscriptions.delete(message.channel);
          await (await unsubscribe)?.();
          return;
        }
        if (!channel || !(await sessionIsValid())) {
          return send(socket, { type: 'reject_subscription', channel: message.channel });
        }
        if (!subscriptions.has(channel.name)) {
          subscriptions.set(
            channel.name,
            bus.subscribe(channel.topicFor(user), (payload) =>
              send(socket, { type: 'message', channel: channel.name, message: payload }),
            ),
          );
          await subscriptions.get(channel.name);
        }
        send(socket, { type: 'confirm_subscription', channel: channel.name });
      });

      socket.on('close', async () => {
        sockets.delete(socket);
        const pending = [endSession, ...subscriptions.values()];
        subscriptions.clear();
        for (const unsubscribe of pending) await (await unsubscribe)().catch(() => {});
      });

      send(socket, { type: 'welcome' });
    },
  );
}

/** Registers the real-time endpoint (after the session plugin, so `request.user` is known at upgrade). */
export const realtimePlugin = fp(realtime, { name: 'plaza-realtime' });
