import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Sets the security headers on every answer that goes through the request hooks; a route may still set
 * its own (a download's `sandbox` policy). Answers Fastify gives before the hooks (`frameworkErrors`)
 * set them themselves.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * The security headers of every answer (Content-Security-Policy, nosniff, frame and referrer rules,
 * HSTS behind HTTPS), worked out once at start. Helmet's headers do not depend on the request, and
 * @fastify/helmet built helmet's middleware again on every request (parsing the CSP directives each
 * time: about 2.5 % of the server's CPU under load).
 */
export function securityHeaders({ secureCookies }: { secureCookies: boolean }): SecurityHeaders {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects its styles at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Only behind HTTPS: on plain HTTP it would break every request.
        upgradeInsecureRequests: secureCookies ? [] : null,
      },
    },
    hsts: secureCookies,
    crossOriginEmbedderPolicy: false,
  });
  // Helmet writes its headers into a response; this one only collects them.
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  apply({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers at once');
  return headers;
}
