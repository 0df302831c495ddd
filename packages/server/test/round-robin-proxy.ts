import http from 'node:http';
import net from 'node:net';

export interface Backend {
  port: number;
  /** Whether its last `/readyz` answered 200. */
  healthy: boolean;
}

export interface RoundRobinProxy {
  url: string;
  backends: Backend[];
  /** Requests the proxy could not deliver (502): an error other than a refused connection. */
  readonly failures: string[];
  /** Connections refused by a backend and sent to another one. */
  readonly retries: number;
  close(): Promise<void>;
}

const healthEveryMs = 100;

/**
 * A reverse proxy as nginx or HAProxy with health checks run one: it asks each backend's `/readyz` every
 * 100 ms and sends requests and WebSocket upgrades round-robin to those that answered 200, one
 * connection per request (nginx's default towards backends). A connection a backend refuses (nothing was
 * sent) goes to the next one; any other failure is answered 502 and recorded.
 */
export async function startRoundRobinProxy(ports: number[]): Promise<RoundRobinProxy> {
  const backends: Backend[] = ports.map((port) => ({ port, healthy: false }));
  const failures: string[] = [];
  let retries = 0;
  let turn = 0;

  const check = (backend: Backend) => {
    const request = http.get(
      { host: '127.0.0.1', port: backend.port, path: '/readyz', agent: false, timeout: 1000 },
      (response) => {
        backend.healthy = response.statusCode === 200;
        response.resume();
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => {
      backend.healthy = false;
    });
  };
  const checks = setInterval(() => {
    for (const backend of backends) check(backend);
  }, healthEveryMs);

  /** The next healthy backend, waiting a while for one (a proxy would answer 503 at once; none is expected). */
  async function pick(exclude: Set<number>): Promise<Backend | null> {
    for (let waited = 0; waited < 100; waited += 1) {
      const candidates = backends.filter((backend) => backend.healthy && !exclude.has(backend.port));
      if (candidates.length) return candidates[turn++ % candidates.length]!;
      await new Promise((resolve) => setTimeout(resolve, healthEveryMs));
    }
    return null;
  }

  function forward(request: http.IncomingMessage, response: http.ServerResponse, body: Buffer) {
    const tried = new Set<number>();
    const attempt = async () => {
      const backend = await pick(tried);
      if (!backend) {
        failures.push(`${request.method} ${request.url}: no backend`);
        response.writeHead(502).end();
        return;
      }
      tried.add(backend.port);
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: backend.port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, connection: 'close' },
          agent: false,
        },
        (answer) => {
          const headers = { ...answer.headers };
          delete headers.connection;
          response.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED' && !response.headersSent) {
          retries += 1;
          if (tried.size >= backends.length) tried.clear();
          void attempt();
          return;
        }
        failures.push(`${request.method} ${request.url}: ${error.code ?? error.message}`);
        if (!response.headersSent) response.writeHead(502).end();
        else response.destroy();
      });
      upstream.end(body);
    };
    void attempt();
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, response, Buffer.concat(chunks)));
  });

  server.on('upgrade', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const tried = new Set<number>();
    const lines = [`${request.method} ${request.url} HTTP/1.1`];
    for (let index = 0; index < request.rawHeaders.length; index += 2)
      lines.push(`${request.rawHeaders[index]}: ${request.rawHeaders[index + 1]}`);
    const requestHead = `${lines.join('\r\n')}\r\n\r\n`;
    client.on('error', () => undefined);
    const attempt = async () => {
      const backend = await pick(tried);
      if (!backend) return client.destroy();
      tried.add(backend.port);
      const upstream = net.connect({ host: '127.0.0.1', port: backend.port });
      let connected = false;
      upstream.on('connect', () => {
        connected = true;
        upstream.write(requestHead);
        if (head.length) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (!connected && error.code === 'ECONNREFUSED') {
          retries += 1;
          if (tried.size >= backends.length) tried.clear();
          void attempt();
          return;
        }
        client.destroy();
      });
      upstream.on('close', () => client.destroy());
      client.on('close', () => upstream.destroy());
    };
    void attempt();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    backends,
    failures,
    get retries() {
      return retries;
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(checks);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on right now (the operating system's choice). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
