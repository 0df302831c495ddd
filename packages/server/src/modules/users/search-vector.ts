import type { Settings } from '@plaza/contract';
import type { Db } from '../../db/client';
import { getSettings } from '../settings';
import { documentVersionLexeme } from './name-fold-sql';
import { usersRepo } from './repo';
import { memberDocument } from './search-vector-sql';

/** Keeping `users.search_vector` (the member's whole search document) up to date. */

async function update(db: Db, userIds: readonly number[] | 'all'): Promise<void> {
  const settings = await getSettings(db);
  await usersRepo.setSearchVectors(db, memberDocument(settings), userIds);
}

/** Rebuilds one member's `users.search_vector` (call after every change of the profile or custom field values). */
export async function refreshUserSearchVector(db: Db, userId: number): Promise<void> {
  await update(db, [userId]);
}

/**
 * Rebuilds the search vectors of the given members, or of every member when no ids are given (the
 * seed, a change of custom fields or of the `included_profile_*` settings).
 */
export async function refreshUserSearchVectors(db: Db, userIds?: readonly number[]): Promise<void> {
  if (userIds && userIds.length === 0) return;
  await update(db, userIds ?? 'all');
}

/**
 * Rebuilds the documents built by older rules (or never), so a deployment's members are found by the
 * current rules from its first start after an update on (the start runs it, seed/on-start.ts).
 */
export async function refreshOutdatedSearchVectors(db: Db): Promise<void> {
  const outdated = await usersRepo.outdatedSearchVectors(db, documentVersionLexeme);
  if (outdated.length > 0) await refreshUserSearchVectors(db, outdated);
}

/**
 * Profile fields switched on or off are searched or not, so a change of `profile_options` rebuilds every
 * member's search document. Subscribed to the settings (`onSettingsStored`) by the users module and the CLI.
 */
export async function refreshOnProfileOptions(db: Db, previous: Settings, next: Settings): Promise<void> {
  if (JSON.stringify(previous.profile_options) !== JSON.stringify(next.profile_options)) {
    await refreshUserSearchVectors(db);
  }
}
