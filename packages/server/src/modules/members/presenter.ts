import type { MemberAccount } from '@plaza/contract';
import type { UserRow } from '../users';

/** An account as the member administration shows it; its state read from password and deactivation. */
export function presentAccount(row: UserRow): MemberAccount {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    status: row.deactivated_at ? 'deactivated' : row.password_hash ? 'active' : 'invited',
    permissions: row.permissions,
    created_at: row.created_at.toISOString(),
  };
}
