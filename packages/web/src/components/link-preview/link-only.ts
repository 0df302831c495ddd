import type { LinkPreview } from '@plaza/contract';

/** The link alone, as a post keeps it when no preview could be fetched. */
export function linkOnly(url: string): LinkPreview {
  return { url, title: null, description: null, image: null, image_url: null, video_url: null };
}

/** True for a link kept without a preview (nothing to show but the address): a plain link card. */
export function isLinkOnly(preview: LinkPreview): boolean {
  return !preview.title && !preview.description && !preview.image && !preview.video_url;
}

/** The host a card names (without `www.`), or the address itself when it cannot be read. */
export function linkHost(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}
