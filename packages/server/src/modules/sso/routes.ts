import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { readSsoConfig, updateSsoConfig } from './config-service';
import { shareSignInOptionChanges } from './options-memo';
import { finishSsoSignIn, startSsoSignIn } from './sign-in-service';

/** Single sign-on: the providers' administration and the sign-in through them. */
export async function ssoModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = endpoints.admin;
  const unsubscribe = await shareSignInOptionChanges(deps.database.db, deps.bus, app.log);
  app.addHook('onClose', unsubscribe);
  route(app, api.sso, ({ user }) => readSsoConfig(deps, user));
  route(app, api.updateSso, ({ user, request, body }) => updateSsoConfig(deps, user, request, body));
  route(app, api.mocs, ({ request, reply, query }) =>
    startSsoSignIn(deps, { request, reply }, query.provider, query.redirect),
  );
  route(app, api.mocsCallback, ({ request, reply }) => finishSsoSignIn(deps, { request, reply }));
}
