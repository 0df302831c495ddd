import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { auditOrigin } from '../audit';
import { onSettingsStored } from '../settings';
import { receiveUpload, registerMultipart } from '../uploads';
import type { PeopleDeps } from './access';
import { deleteAccount } from './account-deletion';
import { getAddress, saveAddress } from './addresses';
import { cropAvatar, removeAvatar, uploadAvatar } from './avatar';
import { getChildren, saveChildren } from './children';
import { getCustomFields, saveCustomFields } from './custom-fields';
import { follow, listFollows, unfollow } from './follows';
import {
  countryOptions,
  editLanguages,
  genderOptions,
  listOptions,
  salutationOptions,
  statusOptions,
} from './options';
import { getProfile, updateProfile } from './profile-service';
import { getRegistrationFields, saveRegistrationFields } from './registration-fields';
import { refreshOnProfileOptions } from './search-vector';
import { saveUserData } from './user-data';

/** Profiles, account deletion, avatars, private data, custom fields, follows and the profile option lists. */
export async function usersModule(
  app: FastifyInstance,
  { database, bus, config, storage }: AppDeps,
): Promise<void> {
  const { db } = database;
  const deps: PeopleDeps = { db, bus, storage, secureCookies: config.secureCookies };
  const api = endpoints.users;
  onSettingsStored(refreshOnProfileOptions);

  route(app, api.follows, ({ user, query }) => listFollows(db, user, query));
  route(app, api.genderOptions, ({ request }) => genderOptions(request.locale));
  route(app, api.statusOptions, ({ request }) => statusOptions(request.locale));
  route(app, api.listOptions, ({ user }) => listOptions(db, user));
  route(app, api.countryOptions, ({ request }) => countryOptions(request.locale));
  route(app, api.salutationOptions, ({ request }) => salutationOptions(request.locale));
  route(app, api.registrationFields, ({ user, query, request }) =>
    getRegistrationFields(db, user, query.user_id, request.locale),
  );
  route(app, api.customProfileFields, ({ params, request }) =>
    getCustomFields(db, params.id, request.locale),
  );

  route(app, api.get, ({ user, params, query, request }) =>
    getProfile(db, user, params.id, request.locale, query.view),
  );
  route(app, api.update, ({ user, params, body, request }) =>
    updateProfile(db, user, params.id, body, request.locale, auditOrigin(request)),
  );
  route(app, api.remove, ({ user, params, request, reply }) =>
    deleteAccount(deps, user, params.id, { request, reply, origin: auditOrigin(request) }),
  );
  route(app, api.editLanguages, ({ user, params, request }) =>
    editLanguages(db, user, params.id, request.locale),
  );

  // Multipart parsing exists only inside this scope, for the avatar upload.
  await app.register(async (scope) => {
    await registerMultipart(scope);
    route(scope, api.uploadImage, ({ user, params, request }) =>
      uploadAvatar(deps, user, params.id, () => receiveUpload(request)),
    );
  });
  route(app, api.cropImage, ({ user, params, body }) =>
    cropAvatar(deps, user, params.id, params.imageId, body.coordinates),
  );
  route(app, api.removeImage, ({ user, params }) => removeAvatar(deps, user, params.id));

  route(app, api.invoiceAddress, ({ user, params }) => getAddress(db, user, params.id, 'invoice_address'));
  route(app, api.deliveryAddress, ({ user, params }) => getAddress(db, user, params.id, 'delivery_address'));
  route(app, api.saveAddress, ({ user, params, body }) =>
    saveAddress(db, user, params.id, params.addressType, body),
  );
  route(app, api.children, ({ user, params }) => getChildren(db, user, params.id));
  route(app, api.saveChildren, ({ user, params, body }) => saveChildren(db, user, params.id, body));
  route(app, api.saveCustomProfileFields, ({ user, params, body, request }) =>
    saveCustomFields(db, user, params.id, body, request.locale),
  );
  route(app, api.saveRegistrationFields, ({ user, params, body, request }) =>
    saveRegistrationFields(db, user, params.id, body, request.locale),
  );
  route(app, api.saveUserData, ({ user, params, body }) => saveUserData(db, user, params.id, body));
  route(app, api.follow, ({ user, params, body }) => follow(db, user, params.id, body.follows));
  route(app, api.unfollow, ({ user, params, body }) => unfollow(db, user, params.id, body.follows));
}
