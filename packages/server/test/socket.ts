import type { ServerMessage } from '@plaza/contract';
import WebSocket from 'ws';

/** A WebSocket client for tests that collects messages and waits for the one it needs. */
export interface TestSocket {
  socket: WebSocket;
  send(message: unknown): void;
  next(predicate: (message: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
  close(): Promise<void>;
}

/** Opens a socket and resolves once it is open; rejects with the HTTP status when the upgrade is refused. */
export function openSocket(url: string, headers: Record<string, string>): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const received: ServerMessage[] = [];
    const waiters: Array<{ predicate: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }> =
      [];
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as ServerMessage;
      const waiter = waiters.find((w) => w.predicate(message));
      if (waiter) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      } else {
        received.push(message);
      }
    });
    socket.on('unexpected-response', (_request, response) =>
      reject(new Error(`HTTP ${response.statusCode}`)),
    );
    socket.on('error', reject);
    socket.on('open', () =>
      resolve({
        socket,
        send: (message) => socket.send(JSON.stringify(message)),
        next(predicate, timeoutMs = 10_000) {
          const index = received.findIndex(predicate);
          if (index >= 0) return Promise.resolve(received.splice(index, 1)[0]!);
          return new Promise((resolveNext, rejectNext) => {
            const timer = setTimeout(() => rejectNext(new Error('no matching message arrived')), timeoutMs);
            waiters.push({
              predicate,
              resolve: (message) => {
                clearTimeout(timer);
                resolveNext(message);
              },
            });
          });
        },
        close: () =>
          new Promise<void>((done) => {
            if (socket.readyState === WebSocket.CLOSED) return done();
            socket.once('close', () => done());
            socket.close();
          }),
      }),
    );
  });
}

/** The cookie header of a TestClient's jar. */
export function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}
