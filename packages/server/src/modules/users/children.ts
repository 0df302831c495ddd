import { type Child, type childrenInputSchema, parseBirthday } from '@plaza/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { loadEditableMember } from './access';
import { type ChildRow, profileDataRepo } from './profile-data-repo';
import type { Viewer } from './profile-policy';

function presentChild(row: ChildRow): Child {
  return {
    id: row.id,
    firstname: row.firstname,
    birthday: row.birthday,
    gender: row.gender,
  };
}

async function childrenOf(db: Db, userId: number): Promise<Child[]> {
  return (await profileDataRepo.children(db, userId)).map(presentChild);
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
  await profileDataRepo.replaceChildren(db, member.id, rows);
  return { children: await childrenOf(db, member.id) };
}
