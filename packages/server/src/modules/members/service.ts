import {
  buildPagination,
  type InviteMemberInput,
  type inviteMemberSchema,
  type MemberAccount,
  type memberListQuerySchema,
  type UserPermission,
} from '@plaza/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { forbidden, notFound } from '../../platform/errors';
import { closeSessionSockets } from '../../platform/realtime';
import type { SessionUser } from '../../platform/request-context';
import { endAllSessions } from '../../platform/session';
import { forgetSessions } from '../../platform/session-cache';
import { type AuditOrigin, recordAudit } from '../audit';
import { mailPasswordLink } from '../auth';
import {
  accountsPage,
  createInvitedUser,
  findUserById,
  setAccountDeactivated,
  setMemberPermissions,
  type UserRow,
} from '../users';
import { memberPolicy } from './policy';
import { presentAccount } from './presenter';

type Deps = Pick<AppDeps, 'database' | 'mailer' | 'config' | 'bus'>;

function requireManager(user: SessionUser): void {
  if (!memberPolicy.can(user, 'manage')) {
    throw forbidden('Only superadmins and members with the users permission manage members.');
  }
}

/** What the audit log keeps of an account (never its password or tokens). */
function audited(row: UserRow) {
  return {
    username: row.username,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    permissions: row.permissions,
    deactivated: row.deactivated_at !== null,
  };
}

async function account(deps: Deps, id: number): Promise<UserRow> {
  const row = await findUserById(deps.database.db, id);
  if (!row) throw notFound('The member');
  return row;
}

/** Every account by name, optionally those matching a text. */
export async function listMembers(
  deps: Deps,
  user: SessionUser,
  query: z.output<typeof memberListQuerySchema>,
) {
  requireManager(user);
  const { rows, total } = await accountsPage(
    deps.database.db,
    query.query || undefined,
    query.per_page,
    (query.page - 1) * query.per_page,
  );
  return {
    results: rows.map(presentAccount),
    pagination: buildPagination(query.page, query.per_page, total),
  };
}

/** Creates the invited account and mails its single-use link to set a password. */
export async function inviteMember(
  deps: Deps,
  user: SessionUser,
  raw: InviteMemberInput,
  origin: AuditOrigin,
): Promise<MemberAccount> {
  requireManager(user);
  const input = raw as z.output<typeof inviteMemberSchema>;
  const row = await deps.database.db.transaction(async (tx) => {
    const created = await createInvitedUser(tx, input);
    await recordAudit(tx, {
      actor: user,
      origin,
      action: 'member.create',
      resource_type: 'member',
      resource_id: created.id,
      after: audited(created),
    });
    return created;
  });
  await mailPasswordLink(deps, row, 'invite');
  return presentAccount(row);
}

/** Deactivates an account and signs it out everywhere, at once. */
export async function deactivateMember(
  deps: Deps,
  user: SessionUser,
  id: number,
  origin: AuditOrigin,
): Promise<MemberAccount> {
  requireManager(user);
  const target = await account(deps, id);
  if (!memberPolicy.can(user, 'deactivate', target)) {
    throw forbidden('You may not deactivate this account.');
  }
  const row = await setDeactivated(deps, user, origin, target, target.deactivated_at ?? new Date());
  await closeSessionSockets(deps.bus, await endAllSessions(deps.database.db, id));
  return presentAccount(row);
}

/** Lets a deactivated account sign in again. */
export async function reactivateMember(
  deps: Deps,
  user: SessionUser,
  id: number,
  origin: AuditOrigin,
): Promise<MemberAccount> {
  requireManager(user);
  const target = await account(deps, id);
  return presentAccount(await setDeactivated(deps, user, origin, target, null));
}

/** Deactivates (a date) or reactivates (null) an account and records it, in one transaction. */
async function setDeactivated(
  deps: Deps,
  user: SessionUser,
  origin: AuditOrigin,
  target: UserRow,
  at: Date | null,
) {
  const row = await deps.database.db.transaction(async (tx) => {
    const row = await setAccountDeactivated(tx, target.id, at);
    if (!row) throw notFound('The member');
    await recordAudit(tx, {
      actor: user,
      origin,
      action: at ? 'member.deactivate' : 'member.reactivate',
      resource_type: 'member',
      resource_id: target.id,
      before: audited(target),
      after: audited(row),
    });
    return row;
  });
  // The sessions' memo is per database handle: dropped inside the transaction, it missed them.
  forgetSessions(deps.database.db, { userId: target.id });
  return row;
}

/** Makes another account's permissions exactly these (superadmins only). */
export async function setPermissionsOf(
  deps: Deps,
  user: SessionUser,
  id: number,
  permissions: readonly UserPermission[],
  origin: AuditOrigin,
): Promise<MemberAccount> {
  requireManager(user);
  const target = await account(deps, id);
  if (!memberPolicy.can(user, 'permissions', target)) {
    throw forbidden('Only a superadmin sets permissions, and never their own.');
  }
  const granted = await setMemberPermissions(deps.database.db, target, permissions, { actor: user, origin });
  return presentAccount({ ...target, permissions: granted });
}

/** Mails a reset link, or the invitation again to a member who has not set a password yet. */
export async function mailMemberPasswordLink(deps: Deps, user: SessionUser, id: number) {
  requireManager(user);
  const target = await account(deps, id);
  if (target.deactivated_at) throw forbidden('Reactivate the account first.');
  await mailPasswordLink(deps, target, target.password_hash ? 'reset' : 'invite');
  return { success: true as const };
}
