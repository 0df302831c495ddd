import { randomBytes, timingSafeEqual } from 'node:crypto';
import { cookies, csrfHeader, endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps';
import { AppError } from './errors';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Calls a provider's server makes (no browser, no cookie): each is checked by its own signature instead. */
const signedCalls = new Set([`POST ${endpoints.shop.stripeWebhook.path}`]);

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit CSRF protection: a readable `plaza_csrf` cookie, whose value every state-changing
 * call must repeat in the `x-csrf-token` header. Another site can send the cookie but cannot read it.
 */
async function csrfPlugin(app: FastifyInstance, { config }: AppDeps) {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[cookies.csrf];
    if (signedCalls.has(`${request.method} ${request.routeOptions.url}`)) return;
    if (stateChanging.has(request.method)) {
      const header = request.headers[csrfHeader];
      if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
        throw new AppError(
          403,
          'csrf_invalid',
          `Missing or wrong ${csrfHeader} header: repeat the value of the ${cookies.csrf} cookie.`,
        );
      }
    }
    if (!cookie) {
      reply.setCookie(cookies.csrf, randomBytes(24).toString('base64url'), {
        path: '/',
        httpOnly: false,
        sameSite: 'lax',
        secure: config.secureCookies,
      });
    }
  });
}

export const csrf = fp(csrfPlugin, { name: 'plaza-csrf', dependencies: ['@fastify/cookie'] });
