import net from 'node:net';

/**
 * Whether a service answers at the host and port of `url` (`fallbackPort` when it names none) within
 * 2 s: the test script and the end-to-end tests ask before using PostgreSQL or Redis.
 */
export function reachable(url, fallbackPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || fallbackPort) });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}
