import { type ChannelName, realtimePath, type ServerMessage } from '@plaza/contract';
import WebSocket from 'ws';
import type { MemberSession } from './sessions';

/** A client's socket with the messages it got, in order. */
export interface OpenSocket {
  socket: WebSocket;
  /** Resolves with the next message of a type (after the ones already seen). */
  next(type: ServerMessage['type'], timeoutMs?: number): Promise<ServerMessage>;
}

/**
 * Opens the realtime socket as the web app does (same origin, the session cookie) and subscribes to a
 * channel, or to several.
 */
export async function openNotificationSocket(
  url: string,
  session: MemberSession,
  channels: ChannelName | ChannelName[] = 'NotificationChannel',
): Promise<OpenSocket> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${realtimePath}`, {
    headers: { cookie: session.cookie, origin: url },
  });
  const queue: ServerMessage[] = [];
  const waiting: Array<() => void> = [];
  socket.on('message', (raw) => {
    queue.push(JSON.parse(raw.toString()) as ServerMessage);
    for (const wake of waiting.splice(0)) wake();
  });
  const next: OpenSocket['next'] = (type, timeoutMs = 10_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no "${type}" message within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const look = () => {
        const index = queue.findIndex((message) => message.type === type);
        if (index >= 0) {
          clearTimeout(timer);
          resolve(queue.splice(0, index + 1).at(-1)!);
        } else waiting.push(look);
      };
      look();
    });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`socket refused: ${response.statusCode}`)),
    );
  });
  // A socket error after the start ends the socket (its close is what counts); it must not end the bench.
  socket.on('error', () => {});
  await next('welcome');
  for (const channel of Array.isArray(channels) ? channels : [channels]) {
    socket.send(JSON.stringify({ command: 'subscribe', channel }));
    await next('confirm_subscription');
  }
  return { socket, next };
}

/**
 * Opens `count` sockets subscribed to both channels, as a signed-in page of the web app holds them, the
 * sessions taking turns, `parallel` at a time. Returns the open
 * ones and how many failed.
 */
export async function openManySockets(
  url: string,
  sessions: MemberSession[],
  count: number,
  parallel = 20,
): Promise<{ sockets: OpenSocket[]; failed: number }> {
  const sockets: OpenSocket[] = [];
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const session = sessions[next++ % sessions.length]!;
      try {
        sockets.push(await openNotificationSocket(url, session, ['NotificationChannel', 'ChatChannel']));
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return { sockets, failed };
}

/** Closes sockets and waits until they are closed. */
export async function closeAll(sockets: OpenSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      ({ socket }) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.close();
        }),
    ),
  );
}
