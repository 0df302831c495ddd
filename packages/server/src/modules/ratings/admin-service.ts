import {
  type AdminLocation,
  type AdminRatingCategory,
  type LocationInput,
  locationInputSchema,
  type RatingCategoryInput,
  ratingCategoryInputSchema,
  ratingLimits,
} from '@plaza/contract';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { type AuditOrigin, auditedChange } from '../audit';
import { ratingPolicy } from './policy';
import { presentAdminCategory, presentAdminLocation } from './presenter';
import { locationsRepo } from './repo';

function requireManager(user: SessionUser): void {
  if (!ratingPolicy.can(user, 'manage'))
    throw forbidden('Only a superadmin may manage locations and rating categories.');
}

const tooMany = (what: string) =>
  new AppError(409, 'conflict', `There are already as many ${what} as allowed.`);

/** Changes a location or category and records it in one transaction (`rating.<verb>`). */
function auditRating<T>(
  db: Db,
  user: SessionUser,
  origin: AuditOrigin,
  verb: string,
  change: (tx: Db) => Promise<T>,
  describe: (result: T) => { id: number; before?: unknown; after?: unknown },
): Promise<T> {
  return auditedChange(db, change, (result) => {
    const { id, ...values } = describe(result);
    return {
      actor: user,
      origin,
      action: `rating.${verb}`,
      resource_type: 'rating',
      resource_id: id,
      ...values,
    };
  });
}

const missing = <T>(row: T | undefined, what: string): T => {
  if (!row) throw notFound(what);
  return row;
};

/** Every location by name. */
export async function adminLocations(db: Db, user: SessionUser): Promise<{ results: AdminLocation[] }> {
  requireManager(user);
  return { results: (await locationsRepo.all(db)).map(presentAdminLocation) };
}

export async function createLocation(
  db: Db,
  user: SessionUser,
  input: LocationInput,
  origin: AuditOrigin,
): Promise<AdminLocation> {
  requireManager(user);
  const values = locationInputSchema.parse(input);
  if ((await locationsRepo.count(db)) >= ratingLimits.maxLocations) throw tooMany('locations');
  const row = await auditRating(
    db,
    user,
    origin,
    'location_create',
    (tx) => locationsRepo.insert(tx, values),
    (created) => ({ id: created.id, after: values }),
  );
  return presentAdminLocation(row);
}

export async function saveLocation(
  db: Db,
  user: SessionUser,
  id: number,
  input: LocationInput,
  origin: AuditOrigin,
): Promise<AdminLocation> {
  requireManager(user);
  const values = locationInputSchema.parse(input);
  const before = missing(await locationsRepo.byId(db, id), 'The location');
  const row = await auditRating(
    db,
    user,
    origin,
    'location_update',
    async (tx) => missing(await locationsRepo.update(tx, id, values), 'The location'),
    () => ({ id, before: { name: before.name, city: before.city }, after: values }),
  );
  return presentAdminLocation(row);
}

export async function deleteLocation(
  db: Db,
  user: SessionUser,
  id: number,
  origin: AuditOrigin,
): Promise<{ ok: true }> {
  requireManager(user);
  const before = missing(await locationsRepo.byId(db, id), 'The location');
  await auditRating(
    db,
    user,
    origin,
    'location_delete',
    async (tx) => {
      if (!(await locationsRepo.remove(tx, id))) throw notFound('The location');
    },
    () => ({ id, before: { name: before.name, city: before.city } }),
  );
  return { ok: true };
}

/** Every rating category in order. */
export async function adminCategories(
  db: Db,
  user: SessionUser,
): Promise<{ results: AdminRatingCategory[] }> {
  requireManager(user);
  return { results: (await locationsRepo.categories(db)).map(presentAdminCategory) };
}

async function categoryValues(db: Db, input: RatingCategoryInput) {
  const values = ratingCategoryInputSchema.parse(input);
  if (values.location_id !== null && !(await locationsRepo.byId(db, values.location_id))) {
    throw notFound('The location');
  }
  return values;
}

export async function createCategory(
  db: Db,
  user: SessionUser,
  input: RatingCategoryInput,
  origin: AuditOrigin,
): Promise<AdminRatingCategory> {
  requireManager(user);
  const values = await categoryValues(db, input);
  if ((await locationsRepo.categoryCount(db)) >= ratingLimits.maxCategories)
    throw tooMany('rating categories');
  const row = await auditRating(
    db,
    user,
    origin,
    'category_create',
    (tx) => locationsRepo.insertCategory(tx, values),
    (created) => ({ id: created.id, after: presentAdminCategory(created) }),
  );
  return presentAdminCategory(row);
}

export async function saveCategory(
  db: Db,
  user: SessionUser,
  id: number,
  input: RatingCategoryInput,
  origin: AuditOrigin,
): Promise<AdminRatingCategory> {
  requireManager(user);
  const before = missing(await locationsRepo.categoryById(db, id), 'The rating category');
  const values = await categoryValues(db, input);
  const row = await auditRating(
    db,
    user,
    origin,
    'category_update',
    async (tx) => missing(await locationsRepo.updateCategory(tx, id, values), 'The rating category'),
    (updated) => ({ id, before: presentAdminCategory(before), after: presentAdminCategory(updated) }),
  );
  return presentAdminCategory(row);
}

export async function deleteCategory(
  db: Db,
  user: SessionUser,
  id: number,
  origin: AuditOrigin,
): Promise<{ ok: true }> {
  requireManager(user);
  const before = missing(await locationsRepo.categoryById(db, id), 'The rating category');
  await auditRating(
    db,
    user,
    origin,
    'category_delete',
    async (tx) => {
      if (!(await locationsRepo.removeCategory(tx, id))) throw notFound('The rating category');
    },
    () => ({ id, before: presentAdminCategory(before) }),
  );
  return { ok: true };
}
