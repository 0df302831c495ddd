import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { acceptTerms, authSession, forgotPassword, login, logout, resetPassword } from './service';

/** Sign-in, sign-out, terms acceptance and passwords. */
export async function authModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = endpoints.auth;
  route(app, api.isAuthenticated, async ({ request }) => {
    const session = await authSession(deps, request);
    return { isAuthenticated: session.status !== 'anonymous', redirect: session.auth_redirect, session };
  });
  route(app, api.login, ({ request, reply, body }) => login(deps, { request, reply }, body));
  route(app, api.logout, ({ request, reply }) => logout(deps, { request, reply }));
  route(app, api.acceptNdaAgb, ({ request, body }) => acceptTerms(deps, request, body.user_id));
  route(app, api.forgotPassword, ({ request, body }) => forgotPassword(deps, request, body.email));
  route(app, api.resetPassword, ({ request, reply, body }) => resetPassword(deps, { request, reply }, body));
}
