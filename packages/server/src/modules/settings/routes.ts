import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { bundleText } from '../../platform/i18n';
import { route } from '../../platform/route';
import { auditOrigin } from '../audit';
import { shareSettingsChanges } from './document-cache';
import {
  listDocumentVersions,
  readDocument,
  replaceDocument,
  restoreDocumentVersion,
  textOverridesOf,
} from './documents';
import { consent, languages, navigationFor, updateSettings } from './service';
import { settingsMenuFor, toggleSetting } from './settings-menu';
import { getSettings } from './settings-store';

/** Settings, menus, consent, languages and the administered documents with their versions. */
export async function settingsModule(app: FastifyInstance, { database, bus }: AppDeps): Promise<void> {
  const { db } = database;
  // Another instance stored settings: drop the parsed copies here too.
  const unsubscribe = await shareSettingsChanges(db, bus, app.log);
  app.addHook('onClose', unsubscribe);
  const api = endpoints.settings;
  route(app, api.settings, () => getSettings(db));
  // Storing them drops the parsed copies on every instance (document-cache.ts).
  route(app, api.updateSettings, ({ user, body, request }) =>
    updateSettings(db, user, auditOrigin(request), body),
  );
  route(app, api.consent, ({ query }) => consent(db, query));
  route(app, api.languages, () => languages(db));
  route(app, api.translations, ({ params, query, request, reply }) => {
    const { bytes, etag } = bundleText(params.locale, query.areas);
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
  const admin = endpoints.admin;
  route(app, admin.document, ({ user, params }) => readDocument(db, user, params.key));
  route(app, admin.updateDocument, ({ user, params, body, request }) =>
    replaceDocument(db, user, auditOrigin(request), params.key, body),
  );
  route(app, admin.documentVersions, ({ user, params, query }) =>
    listDocumentVersions(db, user, params.key, query.before),
  );
  route(app, admin.restoreDocumentVersion, ({ user, params, request }) =>
    restoreDocumentVersion(db, user, auditOrigin(request), params.key, params.id),
  );
  route(app, admin.textOverrides, ({ params }) => textOverridesOf(db, params.locale));
}
