import net from 'node:net';

/** A TCP proxy in the test process, in front of a database, that a test can cut and restore. */
export interface TcpProxy {
  /** The port the proxy listens on (the same after a restore). */
  readonly port: number;
  /** Connections passing through right now. */
  readonly openConnections: number;
  /** Destroys every connection and stops listening: new connections are refused (ECONNREFUSED). */
  cut(): Promise<void>;
  /** Listens again on the same port and passes new connections through. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

function listen(server: net.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

/** Starts a proxy on a free port of 127.0.0.1 that forwards every connection to `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const clients = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    clients.add(client);
    client.on('close', () => clients.delete(client));
    // Either side failing or ending takes the other with it, as a real network cut would.
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const port = await listen(server, 0);
  let listening = true;

  const stop = async () => {
    for (const client of clients) client.destroy();
    if (!listening) return;
    listening = false;
    await new Promise<void>((resolve, reject) =>
      server.close((error) => (error ? reject(error) : resolve())),
    );
  };

  return {
    port,
    get openConnections() {
      return clients.size;
    },
    cut: stop,
    async restore() {
      if (listening) return;
      await listen(server, port);
      listening = true;
    },
    close: stop,
  };
}
