import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { bundleText } from '../../platform/i18n';
import { route } from '../../platform/route';
import { forgetSettingsDocuments, settingsChangedTopic } from './document-cache';
import {
  consent,
  getSettings,
  languages,
  navigationFor,
  settingsMenuFor,
  toggleSetting,
  updateSettings,
} from './service';

/** Settings, menus, consent and languages. */
export async function settingsModule(app: FastifyInstance, { database, bus }: AppDeps): Promise<void> {
  const { db } = database;
  // Another instance stored settings: drop the parsed copies here too.
  const unsubscribe = await bus.subscribe(settingsChangedTopic, () => forgetSettingsDocuments(db));
  app.addHook('onClose', unsubscribe);
  const api = endpoints.settings;
  route(app, api.settings, () => getSettings(db));
  route(app, api.updateSettings, async ({ user, body }) => {
    const settings = await updateSettings(db, user, body);
    await bus.publish(settingsChangedTopic, {});
    return settings;
  });
  route(app, api.consent, ({ query }) => consent(db, query));
  route(app, api.languages, () => languages(db));
  route(app, api.translations, ({ params, request, reply }) => {
    const { bytes, etag } = bundleText(params.locale);
    reply.header('cache-control', 'public, max-age=300').header('etag', etag);
    if (request.headers['if-none-match'] === etag) {
      reply.status(304);
      return reply.send() as never;
    }
    // The text made once, sent as it is (not serialised again per request).
    return reply.type('application/json; charset=utf-8').send(bytes) as never;
  });
  route(app, endpoints.menu.menu, ({ user, request }) => navigationFor(db, user, request.locale));
  route(app, endpoints.menu.settingsMenu, ({ user, request }) => settingsMenuFor(db, user, request.locale));
  route(app, endpoints.menu.toggleSetting, ({ user, request, params, body }) =>
    toggleSetting(db, user, request.locale, params.key, body.status),
  );
}
