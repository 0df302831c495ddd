import type { createGroupSchema, groupListTypes, updateGroupSchema } from '@plaza/contract';
import { buildPagination, type Group, type PageQuery, pageSizes } from '@plaza/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../platform/errors';
import { isSuperadmin } from '../../platform/permissions';
import { recheckStreamTopics, streamTopics } from '../../platform/realtime';
import type { SessionUser } from '../../platform/request-context';
import { getSettings } from '../settings';
import { deleteStoredFiles, removeImage } from '../uploads';
import { type GroupAccess, loadGroupAccess, requireGroupPermission } from './access';
import type { GroupDeps } from './deps';
import { inviteInto } from './invitations';
import { acceptedGroupsOf, administeredGroupIds, membersRepo } from './members-repo';
import { everyMemberReads } from './policy';
import { presentFiles, presentGroup, presentMemberPage, presentSummary } from './presenter';
import { groupScopes, groupsRepo } from './repo';
import { groupReaderOf } from './visibility-sql';

/** Throws 400 unless the image exists and the member uploaded it. */
export async function requireOwnImage(db: Db, imageId: number, userId: number): Promise<void> {
  if (!(await groupsRepo.ownsImage(db, imageId, userId))) {
    throw badRequest('The image was not found among your uploads.', 'img_id');
  }
}

const imageRequired = () =>
  new AppError(400, 'image_required', 'A group needs an image on this site.', 'img_id');

/** Groups of a list type, filtered by the viewer's membership in the query; every member may create groups. */
export async function listGroups(
  db: Db,
  user: SessionUser,
  query: PageQuery & { type: (typeof groupListTypes)[number] },
) {
  const where =
    query.type === 'member'
      ? groupScopes.member()
      : query.type === 'admin'
        ? groupScopes.admin()
        : groupScopes.visible(groupReaderOf(user));
  return {
    ...(await summaryPage(db, user, where, query)),
    // Every member who has accepted the terms (the route already requires it) may create groups.
    permissions: ['create' as const],
  };
}

/** Public groups (open or approval) the viewer does not belong to. */
export function listPublicGroups(db: Db, user: SessionUser, query: PageQuery) {
  return summaryPage(db, user, groupScopes.public(), query);
}

async function summaryPage(
  db: Db,
  user: SessionUser,
  where: Parameters<typeof groupsRepo.summaries>[2],
  { page, per_page }: PageQuery,
) {
  const [rows, total] = await Promise.all([
    groupsRepo.summaries(db, user.id, where, per_page, (page - 1) * per_page),
    groupsRepo.countSummaries(db, user.id, where),
  ]);
  return {
    results: rows.map((row) => presentSummary(row, isSuperadmin(user))),
    pagination: buildPagination(page, per_page, total),
  };
}

/** The group page for a viewer; its topics, files and members only when the viewer may read them. */
export async function groupPage(db: Db, user: SessionUser, access: GroupAccess): Promise<Group> {
  const groupId = access.group.id;
  const row = await groupsRepo.summary(db, user.id, groupId);
  if (!row) throw new AppError(404, 'not_found', 'The group was not found.');
  const summary = presentSummary(row, isSuperadmin(user));
  if (!access.canRead) {
    return presentGroup(summary, {
      topics: [],
      files: [],
      members: presentMemberPage({ rows: [], total: 0 }, 1, pageSizes.membersTab.desktop),
    });
  }
  const perPage = pageSizes.membersTab.desktop;
  const [topics, files, members] = await Promise.all([
    groupsRepo.activeTopics(db, groupId),
    groupsRepo.newestFiles(db, { groupId }, pageSizes.groupFiles.first),
    membersRepo.page(db, groupId, 'all', { limit: perPage, offset: 0 }),
  ]);
  return presentGroup(summary, {
    topics,
    files: presentFiles(files, user.id, access.permissions.includes('delete')),
    members: presentMemberPage(members, 1, perPage),
  });
}

/** A group page; a private group is "not found" for non-members. */
export async function getGroup(db: Db, user: SessionUser, groupId: number): Promise<Group> {
  return groupPage(db, user, await loadGroupAccess(db, groupId, user));
}

/**
 * Creates a group: the creator becomes its admin and the listed members are invited (each gets an
 * invite activity). The image, if any, must be the creator's own upload; the site may require one.
 */
export async function createGroup(
  deps: GroupDeps,
  user: SessionUser,
  body: z.output<typeof createGroupSchema>,
): Promise<Group> {
  const { db } = deps;
  const settings = await getSettings(db);
  if (!body.img_id && settings.stream_options.group_image_required) throw imageRequired();
  if (body.img_id) await requireOwnImage(db, body.img_id, user.id);
  const invitees = [...new Set(body.users)].filter((id) => id !== user.id);
  const known = await membersRepo.existingUserIds(db, invitees);
  const unknown = invitees.filter((id) => !known.has(id));
  if (unknown.length) throw badRequest(`Unknown members: ${unknown.join(', ')}.`, 'users');

  const groupId = await db.transaction(async (tx) => {
    const id = await groupsRepo.insert(tx, {
      name: body.name,
      description: body.description,
      type: body.type,
      image_id: body.img_id ?? null,
      creator_id: user.id,
    });
    await membersRepo.upsert(tx, {
      group_id: id,
      user_id: user.id,
      role: 'admin',
      status: 'accepted',
      kind: 'invite',
    });
    return id;
  });
  const access = await loadGroupAccess(db, groupId, user);
  await inviteInto(deps, user, access, invitees);
  return groupPage(db, user, access);
}

/**
 * Edits a group (edit permission). The name changes only when the site allows it (`update_group_name`);
 * a new image must be the editor's own upload, and a required image cannot be removed.
 */
export async function updateGroup(
  deps: GroupDeps,
  user: SessionUser,
  groupId: number,
  body: z.output<typeof updateGroupSchema>,
): Promise<Group> {
  const { db } = deps;
  const access = await loadGroupAccess(db, groupId, user);
  requireGroupPermission(access, 'edit');
  const settings = await getSettings(db);
  const changes: Parameters<typeof groupsRepo.update>[2] = { description: body.description };
  if (body.name !== undefined && settings.update_group_name) changes.name = body.name;
  if (body.type) changes.type = body.type;
  if (body.img_id === null) {
    if (settings.stream_options.group_image_required) throw imageRequired();
    changes.image_id = null;
  } else if (body.img_id !== undefined && body.img_id !== access.group.image_id) {
    await requireOwnImage(db, body.img_id, user.id);
    changes.image_id = body.img_id;
  }
  await groupsRepo.update(db, groupId, changes);
  // Members of the site who read the group's content without being members no longer do: their open
  // streams of the group and its topics stop listening.
  if (changes.type && everyMemberReads(access.group.type) && !everyMemberReads(changes.type)) {
    const topicIds = await groupsRepo.topicIds(db, groupId);
    await recheckStreamTopics(deps.bus, [streamTopics.group(groupId), ...topicIds.map(streamTopics.topic)]);
  }
  // A replaced or removed image is not used anywhere else: its row and files go.
  if (changes.image_id !== undefined && access.group.image_id) await removeImage(deps, access.group.image_id);
  return groupPage(db, user, await loadGroupAccess(db, groupId, user));
}

/** Runs before a group is deleted; modules above groups remove what they keep in it (the posts and their files). */
export type GroupRemovalListener = (deps: GroupDeps, groupId: number) => Promise<void>;

const groupRemovalListeners = new Set<GroupRemovalListener>();

/**
 * Subscribes to group deletion (the posts module, at app build): groups is below posts, so it cannot call
 * it. The same listener subscribed twice runs once.
 */
export function onGroupRemoving(listener: GroupRemovalListener): void {
  groupRemovalListeners.add(listener);
}

/** Deletes a group (delete permission) with its memberships, topics and files, and the stored files on disk. */
export async function deleteGroup(deps: GroupDeps, user: SessionUser, groupId: number) {
  const access = await loadGroupAccess(deps.db, groupId, user);
  requireGroupPermission(access, 'delete');
  for (const listener of groupRemovalListeners) await listener(deps, groupId);
  const paths = await groupsRepo.remove(deps.db, groupId);
  await deleteStoredFiles(deps.storage, paths);
  if (access.group.image_id) await removeImage(deps, access.group.image_id);
  return { success: true as const };
}

/** The newest files of a group or a topic (the topic page shows them). */
export function newestGroupFiles(
  ...args: Parameters<typeof groupsRepo.newestFiles>
): ReturnType<typeof groupsRepo.newestFiles> {
  return groupsRepo.newestFiles(...args);
}

/** A page of a group's members of one kind (a topic shows its group's members). */
export function groupMembersPage(
  ...args: Parameters<typeof membersRepo.page>
): ReturnType<typeof membersRepo.page> {
  return membersRepo.page(...args);
}

/**
 * Ids of the groups whose content a member reads as a member only (not every member reads it): with
 * the groups every member reads, what the member reads (`groupVisibility`).
 */
export async function groupsReadAsMember(db: Db, userId: number): Promise<number[]> {
  return (await acceptedGroupsOf(db, userId))
    .filter((group) => !everyMemberReads(group.type))
    .map((g) => g.id);
}

/** Ids of the groups a member administers (as an accepted admin); topics lists their suggestions. */
export async function groupsAdministeredBy(db: Db, userId: number): Promise<number[]> {
  return (await administeredGroupIds(db, userId)).map((row) => row.id);
}
