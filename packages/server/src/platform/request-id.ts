import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config';
import { currentQueryScope } from '../db/query-scope';

/** An id a proxy sends is taken when it is this short and plain (a UUID, a proxy's hex or base64url id). */
const wellFormedId = /^[A-Za-z0-9._-]{1,64}$/;

/** Whether the peer at `address` is one of the reverse proxies whose headers count (`config.trustProxy`). */
export function trustsPeer(trustProxy: Config['trustProxy']): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'function') return (address) => address !== undefined && trustProxy(address, 0);
  const ranges = trustProxy.map((entry) =>
    entry.includes('/')
      ? ipaddr.parseCIDR(entry)
      : ([ipaddr.parse(entry), entry.includes(':') ? 128 : 32] as const),
  );
  return (address) => {
    if (!address || !ipaddr.isValid(address)) return false;
    // An IPv4 peer on a dual-stack socket reads `::ffff:10.0.0.2`.
    const peer = ipaddr.process(address);
    return ranges.some(([range, bits]) => range.kind() === peer.kind() && peer.match(range, bits));
  };
}

/**
 * Fastify's `genReqId`: the `X-Request-Id` a trusted proxy sent (so its log and Plaza's name the same
 * request), when well-formed; otherwise, and from anybody else, a new UUID. The id goes back in every
 * answer's `X-Request-Id` (app.ts) and into every log line written during the request.
 */
export function requestIds(trustProxy: Config['trustProxy']): (request: IncomingMessage) => string {
  const trusted = trustsPeer(trustProxy);
  return (request) => {
    const given = request.headers['x-request-id'];
    return typeof given === 'string' && wellFormedId.test(given) && trusted(request.socket.remoteAddress)
      ? given
      : randomUUID();
  };
}

/** Marks Fastify's request loggers (and, through pino's prototype chain, their children). */
const requestLogger = Symbol('plaza.requestLogger');

/**
 * Pino's `mixin`: a line written during a request through a logger other than the request's own (the
 * app's, which services and the database's failure log hold) gets the request's id too. The request's
 * logger has it bound already (`reqId`), so its lines get nothing more.
 */
export function requestIdMixin(_line: object, _level: number, logger: object): object {
  // A new object each time: pino merges the line's fields into it.
  if ((logger as { [requestLogger]?: true })[requestLogger]) return {};
  const requestId = currentQueryScope()?.requestId;
  return requestId ? { reqId: requestId } : {};
}

/** Makes the request loggers recognisable to `requestIdMixin`. */
export function markRequestLoggers(app: FastifyInstance): void {
  app.setChildLoggerFactory((logger, bindings, options) => {
    const child = logger.child(bindings, options);
    Object.defineProperty(child, requestLogger, { value: true });
    return child;
  });
}
