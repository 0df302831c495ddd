import { linkPreviewLimits } from '@plaza/contract';
import { absoluteHttpUrl, cleanText } from './clean-text';
import { parseMetadata, parseOEmbed } from './parse-metadata';
import { fetchPreviewImage } from './preview-image';
import { bodyText, type SafeFetchOptions, safeFetch } from './safe-fetch';
import type { GuardOptions } from './url-guard';

/** How a preview is fetched: the guard's resolver (and the tests' allowance) and optional limits. */
export type PreviewFetchOptions = GuardOptions & Pick<SafeFetchOptions, 'timeoutMs' | 'maxBytes'>;

/** A fetched preview: clean texts, absolute addresses, and the re-encoded image (WebP) if any. */
export interface FetchedPreview {
  title: string | null;
  description: string | null;
  imageUrl: string | null;
  image: Buffer | null;
  videoUrl: string | null;
}

const htmlTypes = new Set(['text/html', 'application/xhtml+xml']);
const jsonTypes = new Set(['application/json', 'application/json+oembed', 'text/json']);

async function fetchOEmbed(url: string, options: PreviewFetchOptions) {
  try {
    const fetched = await safeFetch(url, { ...options, accept: (type) => jsonTypes.has(type) });
    return parseOEmbed(bodyText(fetched));
  } catch {
    return null;
  }
}

/**
 * Fetches a page through the guard and builds its preview from Open Graph, Twitter card, `<title>`,
 * meta description and oEmbed (for video). Throws `RefusedTarget`/`FetchFailed` when the page
 * itself cannot be fetched; returns null when it says nothing usable.
 */
export async function fetchPreview(
  url: string,
  options: PreviewFetchOptions,
): Promise<FetchedPreview | null> {
  const page = await safeFetch(url, { ...options, accept: (type) => htmlTypes.has(type) });
  const metadata = parseMetadata(bodyText(page));
  const oembedUrl = absoluteHttpUrl(metadata.oembed, page.url);
  const oembed = oembedUrl ? await fetchOEmbed(oembedUrl, options) : null;
  const isVideo = oembed?.type === 'video';
  const title = cleanText(metadata.title ?? oembed?.title, linkPreviewLimits.title);
  const description = cleanText(metadata.description, linkPreviewLimits.description);
  const imageUrl = absoluteHttpUrl(metadata.image, page.url) ?? absoluteHttpUrl(oembed?.thumbnail, page.url);
  const videoUrl =
    (isVideo ? absoluteHttpUrl(oembed?.player, page.url) : null) ??
    absoluteHttpUrl(metadata.video, page.url) ??
    (isVideo ? page.url.toString() : null);
  if (!title && !description && !imageUrl && !videoUrl) return null;
  const image = imageUrl ? await fetchPreviewImage(imageUrl, options) : null;
  return { title, description, imageUrl: image ? imageUrl : null, image, videoUrl };
}
