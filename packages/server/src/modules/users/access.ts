import type { Db } from '../../db/client';
import type { EventBus } from '../../platform/bus';
import { forbidden, notFound } from '../../platform/errors';
import type { ObjectStore } from '../../platform/storage';
import { profilePolicy, type Viewer } from './profile-policy';
import { type UserRow, usersRepo } from './repo';

/** What the people services need: the database, the bus (ending sessions), the file store (avatars). */
export interface PeopleDeps {
  db: Db;
  bus: EventBus;
  storage: ObjectStore;
  secureCookies: boolean;
}

/** The member with this id, or a 404. */
export async function loadMember(db: Db, id: number): Promise<UserRow> {
  const row = await usersRepo.byId(db, id);
  if (!row) throw notFound('The member');
  return row;
}

/** The member with this id when the viewer may edit them (self, superadmin, users); 404 or 403 otherwise. */
export async function loadEditableMember(db: Db, viewer: Viewer, id: number): Promise<UserRow> {
  const row = await loadMember(db, id);
  if (!profilePolicy.can(viewer, 'edit', row)) throw forbidden('Only the member and editors may do this.');
  return row;
}
