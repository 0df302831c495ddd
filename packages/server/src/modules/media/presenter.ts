import type { LinkPreview } from '@plaza/contract';
import type { linkPreviews } from '../../db/schema';
import { imageUrl } from '../uploads';

/** A cached preview as the contract's `LinkPreview` (the image as its local address). */
export function presentLinkPreview(row: typeof linkPreviews.$inferSelect): LinkPreview {
  return {
    url: row.url,
    title: row.title,
    description: row.description,
    image: imageUrl(row.image_path),
    image_url: row.image_url,
    video_url: row.video_url,
  };
}
