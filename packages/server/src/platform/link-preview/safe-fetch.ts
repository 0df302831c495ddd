import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { type GuardedTarget, type GuardOptions, guardTarget, RefusedTarget } from './url-guard';

/** Limits of one outbound fetch (page, oEmbed document or image), redirects included. */
export const fetchLimits = {
  /** Whole fetch, redirects and body included. */
  timeoutMs: 5_000,
  /** Body bytes after decompression. */
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 3,
} as const;

export interface SafeFetchOptions extends GuardOptions {
  /** Accepted media types of the final answer (without parameters), e.g. `text/html`. */
  accept: (mediaType: string) => boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

/** The final answer of a fetch. */
export interface FetchedBody {
  url: URL;
  mediaType: string;
  charset: string | null;
  body: Buffer;
}

/** A fetch that did not give a usable answer (status, type, size, timeout, network). */
export class FetchFailed extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'FetchFailed';
  }
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const userAgent = 'PlazaLinkPreview/1.0 (+link preview of a shared link)';

/** A lookup that always answers the checked address, so the connection cannot be re-resolved elsewhere. */
function pinnedLookup(target: GuardedTarget): LookupFunction {
  return ((_hostname, options, callback) => {
    const cb = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
    if (all) cb(null, [{ address: target.address, family: target.family }]);
    else cb(null, target.address, target.family);
  }) as LookupFunction;
}

/** One request to a checked target; resolves with the response head, the body still unread. */
function request(target: GuardedTarget, signal: AbortSignal): Promise<IncomingMessage> {
  const { url } = target;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: target.hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: {
          host: url.host,
          'user-agent': userAgent,
          accept: 'text/html,application/xhtml+xml,application/json;q=0.9,image/*;q=0.8,*/*;q=0.1',
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': 'de,en;q=0.8',
        },
        lookup: pinnedLookup(target),
        // SNI carries names only (RFC 6066), never a literal address.
        servername: isIP(target.hostname) ? undefined : target.hostname,
        signal,
        agent: false,
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/** The decoded body stream of a response (gzip, deflate, br), or the raw one. */
function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (decoder) return pipeline(response, decoder, () => undefined);
  if (encoding && encoding !== 'identity') throw new FetchFailed(`content encoding ${encoding}`);
  return response;
}

/** Reads a body up to `maxBytes` (after decompression); more is a failure, not a cut. */
async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw new FetchFailed('body too large');
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = decoded(response);
  try {
    for await (const chunk of stream) {
      size += chunk.length;
      if (size > maxBytes) throw new FetchFailed('body too large');
      chunks.push(chunk);
    }
  } finally {
    response.destroy();
  }
  return Buffer.concat(chunks);
}

function parseContentType(header: string | undefined): { mediaType: string; charset: string | null } {
  const [type = '', ...parameters] = (header ?? '').split(';');
  const charset = parameters
    .map((part) => part.trim().match(/^charset\s*=\s*"?([^";]+)"?$/i)?.[1])
    .find(Boolean);
  return { mediaType: type.trim().toLowerCase(), charset: charset?.toLowerCase() ?? null };
}

async function follow(
  start: string | URL,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<FetchedBody> {
  const maxRedirects = options.maxRedirects ?? fetchLimits.maxRedirects;
  let next: string | URL = start;
  for (let redirects = 0; ; redirects += 1) {
    const target = await guardTarget(next, options);
    const response = await request(target, signal);
    const status = response.statusCode ?? 0;
    if (redirectStatuses.has(status)) {
      response.destroy();
      const location = response.headers.location;
      if (!location) throw new FetchFailed('redirect without location');
      if (redirects >= maxRedirects) throw new FetchFailed('too many redirects');
      next = new URL(location, target.url);
      continue;
    }
    if (status < 200 || status > 299) {
      response.destroy();
      throw new FetchFailed(`status ${status}`);
    }
    const { mediaType, charset } = parseContentType(response.headers['content-type']);
    if (!options.accept(mediaType)) {
      response.destroy();
      throw new FetchFailed(`type ${mediaType || 'none'}`);
    }
    const body = await readCapped(response, options.maxBytes ?? fetchLimits.maxBytes);
    return { url: target.url, mediaType, charset, body };
  }
}

/**
 * Fetches a URL through the guard: every hop (the first and each redirect) is checked and connected
 * to its checked address with the name as Host and SNI; at most 3 redirects, 5 s in all, 5 MB of
 * body, only the accepted types. Throws `RefusedTarget` or `FetchFailed`.
 */
export async function safeFetch(url: string | URL, options: SafeFetchOptions): Promise<FetchedBody> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? fetchLimits.timeoutMs);
  try {
    return await follow(url, options, controller.signal);
  } catch (error) {
    if (error instanceof RefusedTarget || error instanceof FetchFailed) throw error;
    throw new FetchFailed(controller.signal.aborted ? 'timeout' : 'network error');
  } finally {
    clearTimeout(timer);
  }
}

/** Decodes a fetched text body by its declared charset, else an early `<meta charset>`, else UTF-8. */
export function bodyText(fetched: FetchedBody): string {
  const head = fetched.body.subarray(0, 2048).toString('latin1');
  const declared =
    fetched.charset ?? head.match(/<meta[^>]+charset\s*=\s*["']?([\w-]+)/i)?.[1]?.toLowerCase() ?? 'utf-8';
  try {
    return new TextDecoder(declared).decode(fetched.body);
  } catch {
    return new TextDecoder('utf-8').decode(fetched.body);
  }
}
