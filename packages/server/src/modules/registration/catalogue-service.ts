import type {
  AdminGift,
  AdminSubscriptionOption,
  AuditResourceType,
  giftInputSchema,
  Locale,
  registrationTopicInputSchema,
  subscriptionOptionInputSchema,
} from '@plaza/contract';
import { shopLimits } from '@plaza/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { type AuditOrigin, auditedChange } from '../audit';
import { getSettings } from '../settings';
import { type ReceivedUpload, removeImage, type UploadDeps, uploadImage } from '../uploads';
import { registrationPolicy } from './policy';
import {
  presentAdminGift,
  presentAdminOption,
  presentAdminTopic,
  presentGift,
  presentOption,
  presentTopic,
} from './presenter';
import { registrationRepo } from './repo';

type OptionInput = z.output<typeof subscriptionOptionInputSchema>;
type GiftInput = z.output<typeof giftInputSchema>;
type TopicInput = z.output<typeof registrationTopicInputSchema>;

/** Everything of the registration answers 404 while sign-up is switched off. */
export async function requireSignupOpen(db: Db) {
  const settings = await getSettings(db);
  if (!settings.signup_configuration.active) throw notFound('The registration');
  return settings.signup_configuration;
}

/** `GET shop/subscription_options`: the active options in the caller's language. */
export async function listOptions(db: Db, locale: Locale) {
  await requireSignupOpen(db);
  const rows = await registrationRepo.options(db, true);
  return { results: rows.map((row) => presentOption(row, locale)) };
}

/** `GET shop/gifts`: the active gifts, naming only the active options they come with. */
export async function listGifts(db: Db, locale: Locale) {
  await requireSignupOpen(db);
  const [rows, options] = await Promise.all([
    registrationRepo.gifts(db, true),
    registrationRepo.options(db, true),
  ]);
  const active = new Set(options.map((option) => option.id));
  return { results: rows.map((row) => presentGift(row, locale, active)) };
}

/** `GET registration/topics`, in the caller's language. */
export async function listTopics(db: Db, locale: Locale) {
  await requireSignupOpen(db);
  const rows = await registrationRepo.topics(db);
  return { results: rows.map((row) => presentTopic(row, locale)) };
}

function requireManager(user: SessionUser): void {
  if (!registrationPolicy.can(user, 'manage')) {
    throw forbidden('Only a superadmin or the shop permission may manage what the registration offers.');
  }
}

/** Who changes the catalogue, from where. */
type By = { user: SessionUser; origin: AuditOrigin };

/**
 * Changes an option, a gift or a topic and records it in one transaction (`<type>.<verb>`); `id` is
 * the resource's, or read from what the change returns (a new one).
 */
function auditCatalogue<T>(
  db: Db,
  by: By,
  type: AuditResourceType,
  verb: string,
  id: number | ((result: T) => number),
  change: (tx: Db) => Promise<T>,
  describe: (result: T) => { before?: unknown; after?: unknown },
): Promise<T> {
  return auditedChange(db, change, (result) => ({
    actor: by.user,
    origin: by.origin,
    action: `${type}.${verb}`,
    resource_type: type,
    resource_id: typeof id === 'number' ? id : id(result),
    ...describe(result),
  }));
}

const newId = (id: number) => id;

async function optionAnswer(db: Db, id: number): Promise<AdminSubscriptionOption> {
  const row = await registrationRepo.optionById(db, id);
  if (!row) throw notFound('The subscription option');
  return presentAdminOption(row);
}

async function giftAnswer(db: Db, id: number): Promise<AdminGift> {
  const row = await registrationRepo.giftById(db, id);
  if (!row) throw notFound('The gift');
  return presentAdminGift(row);
}

export async function adminListOptions(db: Db, user: SessionUser) {
  requireManager(user);
  return { results: (await registrationRepo.options(db, false)).map(presentAdminOption) };
}

export async function createOption(db: Db, by: By, input: OptionInput) {
  requireManager(by.user);
  const id = await auditCatalogue(
    db,
    by,
    'subscription_option',
    'create',
    newId,
    (tx) => registrationRepo.insertOption(tx, input),
    () => ({ after: input }),
  );
  return optionAnswer(db, id);
}

/** Saves an option; running subscriptions keep the terms they copied. */
export async function saveOption(db: Db, by: By, id: number, input: OptionInput) {
  requireManager(by.user);
  const before = await optionAnswer(db, id);
  await auditCatalogue(
    db,
    by,
    'subscription_option',
    'update',
    id,
    async (tx) => {
      if (!(await registrationRepo.updateOption(tx, id, input))) throw notFound('The subscription option');
    },
    () => ({ before, after: input }),
  );
  return optionAnswer(db, id);
}

/** Deletes an option no subscription was taken with (409 otherwise: deactivate it instead). */
export async function deleteOption(deps: UploadDeps, by: By, id: number) {
  requireManager(by.user);
  const before = await optionAnswer(deps.db, id);
  const removed = await auditCatalogue(
    deps.db,
    by,
    'subscription_option',
    'delete',
    id,
    async (tx) => {
      if (await registrationRepo.optionInUse(tx, id)) {
        throw new AppError(409, 'conflict', 'Subscriptions use this option: deactivate it instead.');
      }
      const deleted = await registrationRepo.removeOption(tx, id);
      if (!deleted) throw notFound('The subscription option');
      return deleted;
    },
    () => ({ before }),
  );
  if (removed.image_id !== null) await removeImage(deps, removed.image_id);
  return { success: true as const };
}

/** Sets the option's image: checked by content, re-encoded as a square; the previous image goes. */
export async function uploadOptionImage(
  deps: UploadDeps,
  user: SessionUser,
  id: number,
  receive: () => Promise<ReceivedUpload>,
) {
  requireManager(user);
  const row = await registrationRepo.optionById(deps.db, id);
  if (!row) throw notFound('The subscription option');
  const image = await uploadImage(deps, user, await receive(), shopLimits.imageSide);
  if (!(await registrationRepo.updateOption(deps.db, id, { image_id: image.id }))) {
    await removeImage(deps, image.id);
    throw notFound('The subscription option');
  }
  if (row.image_id !== null) await removeImage(deps, row.image_id);
  return optionAnswer(deps.db, id);
}

/** The gift's options must exist (400 naming `subscription_option_ids` otherwise). */
async function checkGiftOptions(db: Db, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if ((await registrationRepo.countOptions(db, unique)) !== unique.length) {
    throw badRequest('Choose subscription options that exist.', 'subscription_option_ids');
  }
  return unique;
}

function giftValues(input: GiftInput) {
  return {
    name_de: input.name_de,
    name_en: input.name_en,
    description_de: input.description_de,
    description_en: input.description_en,
    stock: input.stock,
    active: input.active,
  };
}

export async function adminListGifts(db: Db, user: SessionUser) {
  requireManager(user);
  return { results: (await registrationRepo.gifts(db, false)).map(presentAdminGift) };
}

export async function createGift(db: Db, by: By, input: GiftInput) {
  requireManager(by.user);
  const optionIds = await checkGiftOptions(db, input.subscription_option_ids);
  const id = await auditCatalogue(
    db,
    by,
    'gift',
    'create',
    newId,
    (tx) => registrationRepo.insertGift(tx, giftValues(input), optionIds),
    () => ({ after: input }),
  );
  return giftAnswer(db, id);
}

export async function saveGift(db: Db, by: By, id: number, input: GiftInput) {
  requireManager(by.user);
  const optionIds = await checkGiftOptions(db, input.subscription_option_ids);
  const before = await giftAnswer(db, id);
  await auditCatalogue(
    db,
    by,
    'gift',
    'update',
    id,
    async (tx) => {
      if (!(await registrationRepo.updateGift(tx, id, giftValues(input), optionIds)))
        throw notFound('The gift');
    },
    () => ({ before, after: input }),
  );
  return giftAnswer(db, id);
}

/** Deletes a gift; subscriptions keep their copy of its name. */
export async function deleteGift(deps: UploadDeps, by: By, id: number) {
  requireManager(by.user);
  const before = await giftAnswer(deps.db, id);
  const removed = await auditCatalogue(
    deps.db,
    by,
    'gift',
    'delete',
    id,
    async (tx) => {
      const deleted = await registrationRepo.removeGift(tx, id);
      if (!deleted) throw notFound('The gift');
      return deleted;
    },
    () => ({ before }),
  );
  if (removed.image_id !== null) await removeImage(deps, removed.image_id);
  return { success: true as const };
}

export async function uploadGiftImage(
  deps: UploadDeps,
  user: SessionUser,
  id: number,
  receive: () => Promise<ReceivedUpload>,
) {
  requireManager(user);
  const row = await registrationRepo.giftById(deps.db, id);
  if (!row) throw notFound('The gift');
  const image = await uploadImage(deps, user, await receive(), shopLimits.imageSide);
  if (!(await registrationRepo.updateGift(deps.db, id, { image_id: image.id }))) {
    await removeImage(deps, image.id);
    throw notFound('The gift');
  }
  if (row.image_id !== null) await removeImage(deps, row.image_id);
  return giftAnswer(deps.db, id);
}

export async function adminListTopics(db: Db, user: SessionUser) {
  requireManager(user);
  return { results: (await registrationRepo.topics(db)).map(presentAdminTopic) };
}

async function topicToManage(db: Db, by: By, id: number) {
  requireManager(by.user);
  const row = await registrationRepo.topicById(db, id);
  if (!row) throw notFound('The registration topic');
  return presentAdminTopic(row);
}

export async function createTopic(db: Db, by: By, input: TopicInput) {
  requireManager(by.user);
  const row = await auditCatalogue(
    db,
    by,
    'registration_topic',
    'create',
    (created: { id: number }) => created.id,
    (tx) => registrationRepo.insertTopic(tx, input),
    () => ({ after: input }),
  );
  return presentAdminTopic(row);
}

export async function saveTopic(db: Db, by: By, id: number, input: TopicInput) {
  const before = await topicToManage(db, by, id);
  const row = await auditCatalogue(
    db,
    by,
    'registration_topic',
    'update',
    id,
    async (tx) => {
      const updated = await registrationRepo.updateTopic(tx, id, input);
      if (!updated) throw notFound('The registration topic');
      return updated;
    },
    () => ({ before, after: input }),
  );
  return presentAdminTopic(row);
}

/** Deletes a topic; the members' choices of it go with it. */
export async function deleteTopic(db: Db, by: By, id: number) {
  const before = await topicToManage(db, by, id);
  await auditCatalogue(
    db,
    by,
    'registration_topic',
    'delete',
    id,
    async (tx) => {
      if (!(await registrationRepo.removeTopic(tx, id))) throw notFound('The registration topic');
    },
    () => ({ before }),
  );
  return { success: true as const };
}

/** Stores an option, a gift or a topic without a manager at hand (the demo content and the bench). */
export const createOptionAs = (db: Db, input: OptionInput & { image_id?: number | null }) =>
  registrationRepo.insertOption(db, input);
export const createGiftAs = (db: Db, input: GiftInput & { image_id?: number | null }) =>
  registrationRepo.insertGift(
    db,
    { ...giftValues(input), image_id: input.image_id ?? null },
    input.subscription_option_ids,
  );
export const createTopicAs = (db: Db, input: TopicInput) => registrationRepo.insertTopic(db, input);
