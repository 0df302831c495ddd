import { buildPagination, type PageQuery } from '@plaza/contract';
import type { Db } from '../../db/client';
import { badRequest, forbidden } from '../../platform/errors';
import { followsRepo } from './follows-repo';
import { loadUserView, presentUser } from './presenter';
import type { Viewer } from './profile-policy';

/** How many follow a member, how many they follow, and whether the viewer follows them. */
export async function followStats(db: Db, userId: number, viewerId: number) {
  const stats = await followsRepo.stats(db, userId, viewerId);
  return { followers_count: stats.followers, following_count: stats.following, followed: stats.followed };
}

/** GET users/follows: the members the viewer follows, by last and first name, as the viewer may see them. */
export async function listFollows(db: Db, viewer: Viewer, query: PageQuery) {
  const { rows, total } = await followsRepo.followedPage(
    db,
    viewer.id,
    query.per_page,
    (query.page - 1) * query.per_page,
  );
  const view = await loadUserView(db, viewer);
  return {
    results: rows.map((row) => presentUser(row, view)),
    pagination: buildPagination(query.page, query.per_page, total),
  };
}

/** Only the member themself changes whom they follow. */
function requireSelf(viewer: Viewer, followerId: number): void {
  if (viewer.id !== followerId) throw forbidden('You can only change whom you follow yourself.');
}

/** PUT users/:id/follows: follow members (not oneself; every id must be a member). */
export async function follow(db: Db, viewer: Viewer, followerId: number, ids: number[]) {
  requireSelf(viewer, followerId);
  const unique = [...new Set(ids)];
  if (unique.includes(followerId)) throw badRequest('You cannot follow yourself.', 'follows');
  if ((await followsRepo.countExisting(db, unique)) !== unique.length)
    throw badRequest('Some of these members do not exist.', 'follows');
  await followsRepo.add(db, followerId, unique);
  return { follows: await followsRepo.followedIds(db, followerId) };
}

/** DELETE users/:id/follows: stop following members (ids not followed are ignored). */
export async function unfollow(db: Db, viewer: Viewer, followerId: number, ids: number[]) {
  requireSelf(viewer, followerId);
  await followsRepo.remove(db, followerId, ids);
  return { follows: await followsRepo.followedIds(db, followerId) };
}
