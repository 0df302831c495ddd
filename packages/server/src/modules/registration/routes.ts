import { endpoints } from '@plaza/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { systemClock } from '../../platform/clock';
import type { SessionUser } from '../../platform/request-context';
import { route } from '../../platform/route';
import { auditOrigin } from '../audit';
import { configuredProviders } from '../payments';
import { receiveUpload, registerMultipart, type UploadDeps } from '../uploads';
import {
  adminListGifts,
  adminListOptions,
  adminListTopics,
  createGift,
  createOption,
  createTopic,
  deleteGift,
  deleteOption,
  deleteTopic,
  listGifts,
  listOptions,
  listTopics,
  saveGift,
  saveOption,
  saveTopic,
  uploadGiftImage,
  uploadOptionImage,
} from './catalogue-service';
import { linkOwnSubscription, saveUserData } from './member-service';
import { confirm, type RegistrationDeps, register } from './register-service';

/**
 * Registration (issue 50): what it offers (options, gifts, topics), the sign-up with its confirmation
 * link, linking a subscription by its number, the new member's personal data, and the administration of
 * the offer (superadmins and the `shop` permission). Subscriptions themselves are the billing module's.
 */
export async function registrationModule(
  app: FastifyInstance,
  { database, config, mailer, clock, storage }: AppDeps,
) {
  const { db } = database;
  const now = clock ?? systemClock;
  const deps: RegistrationDeps = {
    db,
    mailer,
    publicUrl: config.publicUrl,
    clock: now,
    providers: configuredProviders(config, app.log),
  };
  const uploads: UploadDeps = { db, storage };
  const api = endpoints.registration;
  const by = (user: SessionUser, request: FastifyRequest) => ({ user, origin: auditOrigin(request) });

  route(app, api.subscriptionOptions, ({ request }) => listOptions(db, request.locale));
  route(app, api.gifts, ({ request }) => listGifts(db, request.locale));
  route(app, api.topics, ({ request }) => listTopics(db, request.locale));
  route(app, api.register, ({ request, body }) => register(deps, request, body));
  route(app, api.confirm, ({ body }) => confirm(deps, body.token));
  route(app, api.linkSubscription, ({ user, request, params, body }) =>
    linkOwnSubscription(deps, user, request.ip, params.subscriberNumber, body.zip),
  );
  route(app, api.userData, ({ user, body, request }) => saveUserData(db, user, body, request.locale));

  route(app, api.adminOptions, ({ user }) => adminListOptions(db, user));
  route(app, api.adminCreateOption, ({ user, body, request }) => createOption(db, by(user, request), body));
  route(app, api.adminSaveOption, ({ user, params, body, request }) =>
    saveOption(db, by(user, request), params.id, body),
  );
  route(app, api.adminDeleteOption, ({ user, params, request }) =>
    deleteOption(uploads, by(user, request), params.id),
  );
  route(app, api.adminGifts, ({ user }) => adminListGifts(db, user));
  route(app, api.adminCreateGift, ({ user, body, request }) => createGift(db, by(user, request), body));
  route(app, api.adminSaveGift, ({ user, params, body, request }) =>
    saveGift(db, by(user, request), params.id, body),
  );
  route(app, api.adminDeleteGift, ({ user, params, request }) =>
    deleteGift(uploads, by(user, request), params.id),
  );
  route(app, api.adminTopics, ({ user }) => adminListTopics(db, user));
  route(app, api.adminCreateTopic, ({ user, body, request }) => createTopic(db, by(user, request), body));
  route(app, api.adminSaveTopic, ({ user, params, body, request }) =>
    saveTopic(db, by(user, request), params.id, body),
  );
  route(app, api.adminDeleteTopic, ({ user, params, request }) =>
    deleteTopic(db, by(user, request), params.id),
  );

  // Multipart parsing exists only inside this scope, for the image uploads.
  await app.register(async (scope) => {
    await registerMultipart(scope);
    route(scope, api.adminOptionImage, ({ user, params, request }) =>
      uploadOptionImage(uploads, user, params.id, () => receiveUpload(request)),
    );
    route(scope, api.adminGiftImage, ({ user, params, request }) =>
      uploadGiftImage(uploads, user, params.id, () => receiveUpload(request)),
    );
  });
}
