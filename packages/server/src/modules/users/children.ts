import { type Child, type childrenInputSchema, parseBirthday } from '@plaza/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { userChildren } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import { loadEditableMember } from './access';
import type { Viewer } from './profile-policy';

type ChildRow = typeof userChildren.$inferSelect;

function presentChild(row: ChildRow): Child {
  return {
    id: row.id,
    firstname: row.firstname,
    birthday: row.birthday,
    gender: row.gender,
  };
}

async function childrenOf(db: Db, userId: number): Promise<Child[]> {
  const rows = await db
    .select()
    .from(userChildren)
    .where(eq(userChildren.user_id, userId))
    .orderBy(asc(userChildren.birthday), asc(userChildren.id));
  return rows.map(presentChild);
}

/** GET users/:id/children (the member and editors). */
export async function getChildren(db: Db, viewer: Viewer, userId: number) {
  const member = await loadEditableMember(db, viewer, userId);
  return { children: await childrenOf(db, member.id) };
}

/** POST users/:id/children: replaces the list; birthdays as DD/MM/YYYY input, stored YYYY-MM-DD. */
export async function saveChildren(
  db: Db,
  viewer: Viewer,
  userId: number,
  input: z.output<typeof childrenInputSchema>,
) {
  const member = await loadEditableMember(db, viewer, userId);
  const rows = input.children.map((child, index) => {
    let birthday: string | null = null;
    if (child.birthday) {
      const parsed = parseBirthday(child.birthday);
      if (!parsed.ok) throw badRequest('Enter the birthday as DD/MM/YYYY.', `children.${index}.birthday`);
      birthday = parsed.iso;
    }
    return { user_id: member.id, firstname: child.firstname, birthday, gender: child.gender };
  });
  await db.transaction(async (tx) => {
    await tx.delete(userChildren).where(eq(userChildren.user_id, member.id));
    if (rows.length) await tx.insert(userChildren).values(rows);
  });
  return { children: await childrenOf(db, member.id) };
}
