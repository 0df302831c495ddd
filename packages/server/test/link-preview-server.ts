import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { PreviewFetchOptions, Resolver } from '../src/platform/link-preview';

/** A local "public" web site for link preview tests, with pages, redirects and misbehaving answers. */
export interface PreviewSite {
  /** Base address through the test-only public name, e.g. `http://public.test:41234`. */
  base: string;
  port: number;
  /** Paths requested so far (to prove that a refused target was never fetched). */
  requests: string[];
  /** Host headers received, in order. */
  hosts: string[];
  /** Pages by path: the body and its content type. */
  pages: Map<
    string,
    { type: string; body: string | Buffer; status?: number; headers?: Record<string, string> }
  >;
  close(): Promise<void>;
}

/** Host names of the tests' resolver and the addresses they map to. */
export const testHosts: Record<string, string[]> = {
  'public.test': ['127.0.0.1'],
  'evil.test': ['10.0.0.5'],
  'metadata.test': ['169.254.169.254'],
  'loopback6.test': ['::1'],
  'mixed.test': ['93.184.216.34', '192.168.1.1'],
  'mapped.test': ['::ffff:127.0.0.1'],
  localhost: ['127.0.0.1', '::1'],
};

/** Targets that must never be fetched, whatever the resolver says. */
export const hostileUrls = [
  'http://127.0.0.1/',
  'http://127.1/',
  'http://localhost/',
  'http://0.0.0.0/',
  'http://[::]/',
  'http://[::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://169.254.169.254/latest/meta-data/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://0x7f.1/',
  'http://0177.0.0.1/',
  'http://10.1.2.3/',
  'http://172.16.0.1/',
  'http://172.31.255.255/',
  'http://192.168.0.1/',
  'http://100.64.0.1/',
  'http://[fc00::1]/',
  'http://[fd12:3456::1]/',
  'http://[fe80::1]/',
  'http://[ff02::1]/',
  'http://224.0.0.1/',
  'http://255.255.255.255/',
  'http://192.0.2.10/',
  'http://198.51.100.7/',
  'http://203.0.113.9/',
  'http://240.0.0.1/',
  'http://[2001:db8::1]/',
  'http://[64:ff9b::7f00:1]/',
  'http://[2002:7f00:1::]/',
  'http://[::7f00:1]/',
  'http://evil.test/',
  'http://metadata.test/',
  'http://loopback6.test/',
  'http://mixed.test/',
  'http://mapped.test/',
  'http://unknown-name.test/',
  'ftp://public.test/',
  'file:///etc/passwd',
  'gopher://public.test:70/',
  'javascript:alert(1)',
  'data:text/html,hi',
  'http://user:secret@public.test/',
  'http://8.8.8.8:22/',
  'http://8.8.8.8:25/',
];

/** The tests' resolver: a fixed map, unknown names fail like NXDOMAIN. */
export const testResolver: Resolver = async (hostname) => {
  const addresses = testHosts[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses;
};

/**
 * Fetch options for tests: the test resolver, and ONLY `public.test` at 127.0.0.1 may be reached
 * although it is a loopback address. Any other name or a bare address keeps the production rules.
 */
export const testFetchOptions: PreviewFetchOptions = {
  resolve: testResolver,
  allowPrivate: (hostname, address) => hostname === 'public.test' && address === '127.0.0.1',
};

/** A small PNG for preview images. */
export async function pngImage(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
}

function handle(site: PreviewSite, request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://public.test');
  site.requests.push(url.pathname);
  site.hosts.push(request.headers.host ?? '');
  if (url.pathname === '/redirect') {
    const status = Number(url.searchParams.get('status') ?? 302);
    response.writeHead(status, { location: url.searchParams.get('to') ?? '/' }).end();
    return;
  }
  if (url.pathname.startsWith('/chain/')) {
    const left = Number(url.pathname.slice('/chain/'.length));
    response.writeHead(302, { location: left > 0 ? `/chain/${left - 1}` : '/page' }).end();
    return;
  }
  if (url.pathname === '/slow') {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.write('<html><head><title>Slow');
    return; // never ends; the client's time limit must stop it
  }
  if (url.pathname === '/huge') {
    response.writeHead(200, { 'content-type': 'text/html' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const push = () => {
      while (sent < 6 * 1024 * 1024) {
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', push);
      }
      response.end();
    };
    push();
    return;
  }
  const page = site.pages.get(url.pathname);
  if (!page) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  response.writeHead(page.status ?? 200, { 'content-type': page.type, ...page.headers }).end(page.body);
}

/** Starts the test site on a free port of 127.0.0.1. */
export async function startPreviewSite(): Promise<PreviewSite> {
  const site = {
    requests: [] as string[],
    hosts: [] as string[],
    pages: new Map(),
  } as unknown as PreviewSite;
  const server: Server = createServer((request, response) => handle(site, request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  site.port = port;
  site.base = `http://public.test:${port}`;
  site.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return site;
}
