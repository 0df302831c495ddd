import type { ImageCrop } from '@plaza/contract';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import type { ReceivedUpload } from '../uploads';
import {
  cropOwnImage,
  findImage,
  isImageAttached,
  presentImage,
  recrop,
  removeImage,
  uploadImage,
} from '../uploads';
import { loadEditableMember, type PeopleDeps } from './access';
import type { Viewer } from './profile-policy';
import { usersRepo } from './repo';

/** Removes a former avatar's image and files unless a group, topic or member still shows it. */
export async function dropFormerAvatar(deps: PeopleDeps, imageId: number | null): Promise<void> {
  if (imageId && !(await isImageAttached(deps.db, imageId))) await removeImage(deps, imageId);
}

/**
 * POST users/:id/image: stores a new upload for the member's avatar (checked by content); the
 * permission is checked before the body is read. The avatar changes with the crop.
 */
export async function uploadAvatar(
  deps: PeopleDeps,
  viewer: SessionUser,
  userId: number,
  receive: () => Promise<ReceivedUpload>,
) {
  await loadEditableMember(deps.db, viewer, userId);
  return uploadImage(deps, viewer, await receive());
}

/**
 * PUT users/:id/image/:imageId: crops the current avatar anew, or crops the caller's fresh upload
 * and makes it the avatar; the replaced avatar's files are removed.
 */
export async function cropAvatar(
  deps: PeopleDeps,
  viewer: SessionUser,
  userId: number,
  imageId: number,
  coordinates: ImageCrop,
) {
  const member = await loadEditableMember(deps.db, viewer, userId);
  if (member.image_id === imageId) {
    const row = await findImage(deps.db, imageId);
    if (!row) throw new AppError(409, 'conflict', 'The avatar is gone; please upload it again.');
    const image = presentImage(await recrop(deps, row, coordinates));
    await usersRepo.update(deps.db, member.id, { img_path: image.url });
    return { img_path: image.url, image };
  }
  const image = await cropOwnImage(deps, viewer, { id: imageId, coordinates });
  await usersRepo.update(deps.db, member.id, { image_id: image.id, img_path: image.url });
  await dropFormerAvatar(deps, member.image_id);
  return { img_path: image.url, image };
}

/** DELETE users/:id/image: the member has no avatar afterwards; its files are removed. */
export async function removeAvatar(deps: PeopleDeps, viewer: Viewer, userId: number) {
  const member = await loadEditableMember(deps.db, viewer, userId);
  await usersRepo.update(deps.db, member.id, { image_id: null, img_path: null });
  await dropFormerAvatar(deps, member.image_id);
  return { img_path: null, image: null };
}
