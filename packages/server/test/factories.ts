import { randomBytes } from 'node:crypto';
import type { GroupType } from '@plaza/contract';
import type { Db } from '../src/db/client';
import { groupMemberships, groups } from '../src/db/schema';
import { type CreateUserInput, createUser, type UserProfileExtras } from '../src/modules/users/create-user';

let sequence = 0;

/** The password every factory-built member has. */
export const testPassword = 'correct horse battery';

/** Builds a member with a unique username and email; override any field. */
export async function buildUser(
  db: Db,
  input: Partial<CreateUserInput> = {},
  extras: UserProfileExtras = {},
) {
  sequence += 1;
  const tag = `${sequence}${randomBytes(3).toString('hex')}`;
  return createUser(
    db,
    {
      username: `member${tag}`,
      email: `member${tag}@example.org`,
      password: testPassword,
      firstname: 'Test',
      lastname: `Member ${sequence}`,
      ...input,
    },
    extras,
  );
}

/** A superadmin member. */
export function buildAdmin(db: Db, input: Partial<CreateUserInput> = {}) {
  return buildUser(db, { permissions: ['superadmin'], ...input });
}

let groupSequence = 0;

/** What a test group holds: its kind and who is in it in which state. */
export interface GroupFactoryInput {
  name?: string;
  description?: string;
  type?: GroupType;
  image_id?: number | null;
  /** Accepted admins; the first is the creator. */
  admins?: { id: number }[];
  /** Accepted members. */
  members?: { id: number }[];
  /** Pending invitations (invited by the first admin). */
  invited?: { id: number }[];
  /** Open applications. */
  applied?: { id: number }[];
}

type NewMember = Omit<typeof groupMemberships.$inferInsert, 'group_id'>;

/** Builds a group with its memberships straight in the database. */
export async function buildGroup(db: Db, input: GroupFactoryInput = {}) {
  groupSequence += 1;
  const admins = input.admins ?? [];
  const [group] = await db
    .insert(groups)
    .values({
      name: input.name ?? `Test group ${groupSequence}`,
      description: input.description ?? `About test group ${groupSequence}`,
      type: input.type ?? 'open',
      image_id: input.image_id ?? null,
      creator_id: admins[0]?.id ?? null,
    })
    .returning();
  const rows: NewMember[] = [
    ...admins.map((u): NewMember => ({ user_id: u.id, role: 'admin', status: 'accepted', kind: 'invite' })),
    ...(input.members ?? []).map(
      (u): NewMember => ({
        user_id: u.id,
        role: 'member',
        status: 'accepted',
        kind: 'invite',
      }),
    ),
    ...(input.invited ?? []).map(
      (u): NewMember => ({
        user_id: u.id,
        role: 'member',
        status: 'pending',
        kind: 'invite',
        invited_by: admins[0]?.id ?? null,
      }),
    ),
    ...(input.applied ?? []).map(
      (u): NewMember => ({
        user_id: u.id,
        role: 'member',
        status: 'applied',
        kind: 'application',
      }),
    ),
  ];
  if (rows.length)
    await db.insert(groupMemberships).values(rows.map((row) => ({ ...row, group_id: group!.id })));
  return group!;
}
