import { type LinkPreview, linkPreviewLimits } from '@plaza/contract';
import { cleanText } from '../../platform/link-preview/clean-text';
import { imagesUrlPrefix } from '../uploads';

/** An http(s) address, or null: nothing else (javascript:, data:, relative) is kept. */
function webAddress(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > linkPreviewLimits.url) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Plain text, as the fetcher cleans it (shown as text, so markup is kept as written). */
function text(value: unknown, max: number): string | null {
  return typeof value === 'string' ? cleanText(value, max) : null;
}

/** Only an image stored on this site (a random WebP name) may be shown by the browser. */
const ownImage = new RegExp(`^${imagesUrlPrefix.replace(/\//g, '\\/')}[0-9a-f]{32}\\.webp$`);

/** The link alone, as a post keeps it when no preview could be fetched: shown as a plain link card. */
function linkOnly(url: string): LinkPreview {
  return { url, title: null, description: null, image: null, image_url: null, video_url: null };
}

/**
 * The preview to store with a post, whatever the fetcher returned: texts as plain text within the
 * contract's limits (the web shows them as text, so markup in them stays text), addresses only
 * http(s), the shown image only as one of our stored images. Without a fetched preview (an intranet
 * without outbound internet, a refused or unreachable site) the link itself is kept, with no texts.
 * Null only when the address itself is unusable.
 */
export function cleanPreview(preview: LinkPreview | null, requestedUrl: string): LinkPreview | null {
  const requested = webAddress(requestedUrl);
  if (!preview) return requested === null ? null : linkOnly(requested);
  const url = webAddress(preview.url) ?? requested;
  if (!url) return null;
  return {
    url,
    title: text(preview.title, linkPreviewLimits.title),
    description: text(preview.description, linkPreviewLimits.description),
    image: typeof preview.image === 'string' && ownImage.test(preview.image) ? preview.image : null,
    image_url: webAddress(preview.image_url),
    video_url: webAddress(preview.video_url),
  };
}
