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
import { ratingPolicy } from './policy';
import { presentAdminCategory, presentAdminLocation } from './presenter';
import { locationsRepo } from './repo';

function requireManager(user: SessionUser): void {
  if (!ratingPolicy.can(user, 'manage'))
    throw forbidden('Only a superadmin may manage locations and rating categories.');
}

const tooMany = (what: string) =>
  new AppError(409, 'conflict', `There are already as many ${what} as allowed.`);

/** Every location by name. */
export async function adminLocations(db: Db, user: SessionUser): Promise<{ results: AdminLocation[] }> {
  requireManager(user);
  return { results: (await locationsRepo.all(db)).map(presentAdminLocation) };
}

export async function createLocation(
  db: Db,
  user: SessionUser,
  input: LocationInput,
): Promise<AdminLocation> {
  requireManager(user);
  const values = locationInputSchema.parse(input);
  if ((await locationsRepo.count(db)) >= ratingLimits.maxLocations) throw tooMany('locations');
  return presentAdminLocation(await locationsRepo.insert(db, values));
}

export async function saveLocation(
  db: Db,
  user: SessionUser,
  id: number,
  input: LocationInput,
): Promise<AdminLocation> {
  requireManager(user);
  const row = await locationsRepo.update(db, id, locationInputSchema.parse(input));
  if (!row) throw notFound('The location');
  return presentAdminLocation(row);
}

export async function deleteLocation(db: Db, user: SessionUser, id: number): Promise<{ ok: true }> {
  requireManager(user);
  if (!(await locationsRepo.remove(db, id))) throw notFound('The location');
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
): Promise<AdminRatingCategory> {
  requireManager(user);
  const values = await categoryValues(db, input);
  if ((await locationsRepo.categoryCount(db)) >= ratingLimits.maxCategories)
    throw tooMany('rating categories');
  return presentAdminCategory(await locationsRepo.insertCategory(db, values));
}

export async function saveCategory(
  db: Db,
  user: SessionUser,
  id: number,
  input: RatingCategoryInput,
): Promise<AdminRatingCategory> {
  requireManager(user);
  if (!(await locationsRepo.categoryById(db, id))) throw notFound('The rating category');
  const row = await locationsRepo.updateCategory(db, id, await categoryValues(db, input));
  if (!row) throw notFound('The rating category');
  return presentAdminCategory(row);
}

export async function deleteCategory(db: Db, user: SessionUser, id: number): Promise<{ ok: true }> {
  requireManager(user);
  if (!(await locationsRepo.removeCategory(db, id))) throw notFound('The rating category');
  return { ok: true };
}
