import type { LinkPreview } from '@plaza/contract';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { fetchPreview, type PreviewFetchOptions, staticHostFetchOptions } from '../../platform/link-preview';
import type { ObjectStore } from '../../platform/storage';
import { newStoredPath, writeStoredFile } from '../uploads';
import { presentLinkPreview } from './presenter';
import { previewsRepo } from './repo';

/** A cached preview is reused for this long after it was fetched. */
export const previewCacheMs = 24 * 60 * 60 * 1000;

/** What preview lookups need: the database, the file store for the image copy, how to fetch. */
export interface MediaDeps {
  db: Db;
  storage: ObjectStore;
  /** The guard's resolver and its exceptions (the static host map, or the tests' resolver). */
  fetchOptions: PreviewFetchOptions;
}

/**
 * The preview deps of the app (what the posts service passes to `getLinkPreview`): the injected
 * fetch options, else the system resolver with the operator's static host map (`LINK_PREVIEW_HOSTS`).
 */
export function mediaDeps(
  deps: Pick<AppDeps, 'database' | 'config' | 'linkPreviewFetch' | 'storage'>,
): MediaDeps {
  const fetchOptions = deps.linkPreviewFetch ?? staticHostFetchOptions(deps.config.linkPreviewHosts);
  return { db: deps.database.db, storage: deps.storage, fetchOptions };
}

/** The cache key of a link: parsed and re-serialised (lower-case host, no default port), without its fragment. */
export function normaliseLinkUrl(text: string): string | null {
  try {
    const url = new URL(text.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.toString();
  } catch {
    return null;
  }
}

/**
 * Fetches a preview and caches it. Stored preview images are never deleted here: posts keep a copy
 * of the preview with its image address. A refresh that finds the same image reuses the stored copy.
 */
async function fetchAndStore(deps: MediaDeps, url: string): Promise<LinkPreview | null> {
  const fetched = await fetchPreview(url, deps.fetchOptions);
  if (!fetched) return null;
  const previous = await previewsRepo.byUrl(deps.db, url);
  let imagePath: string | null = null;
  if (fetched.image && previous?.image_path && previous.image_url === fetched.imageUrl) {
    imagePath = previous.image_path;
  } else if (fetched.image) {
    imagePath = newStoredPath('images', 'webp');
    await writeStoredFile(deps.storage, imagePath, fetched.image, 'image/webp');
  }
  const values = {
    url,
    title: fetched.title,
    description: fetched.description,
    image_path: imagePath,
    image_url: fetched.imageUrl,
    video_url: fetched.videoUrl,
    fetched_at: new Date(),
  };
  return presentLinkPreview(await previewsRepo.put(deps.db, values));
}

/**
 * The preview of a link, from the cache (24 h) or fetched through the SSRF guard. Any failure
 * (refused target, network, no metadata) gives null: the spec swallows lookup failures.
 */
export async function getLinkPreview(deps: MediaDeps, url: string): Promise<LinkPreview | null> {
  const key = normaliseLinkUrl(url);
  if (!key) return null;
  const cached = await previewsRepo.byUrl(deps.db, key);
  if (cached && Date.now() - cached.fetched_at.getTime() < previewCacheMs) {
    return presentLinkPreview(cached);
  }
  try {
    return await fetchAndStore(deps, key);
  } catch {
    // Refused targets, network failures and unreadable pages alike: the member sees no preview.
    return null;
  }
}
