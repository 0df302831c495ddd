import type { TvPost } from '@plaza/contract';
import { timings } from '@plaza/contract/constants';

/** How a slide is shown: a post, an image, or a placeholder for anything else. */
export type SlideKind = 'post' | 'image' | 'other';

/** The spec's rule: posts by their id prefix `post`, images by a `image/*` mimetype, the rest a placeholder. */
export function slideKind(slide: Pick<TvPost, 'id' | 'mimetype' | 'image'>): SlideKind {
  if (slide.id.startsWith('post')) return 'post';
  if (slide.mimetype.startsWith('image/') && slide.image) return 'image';
  return 'other';
}

/** The feed is polled again every 30 s times the number of slides (at least once per 30 s). */
export function pollIntervalMs(slideCount: number): number {
  return timings.tvSlideMs * Math.max(1, slideCount);
}

/** The slide after `index` in a list of `count`, starting over at the end (0 when empty). */
export function nextSlide(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}

/** The slides drawn around `index` of `count`: the one before (fading out), itself and the one after. */
export function nearSlides(index: number, count: number): Set<number> {
  if (count === 0) return new Set();
  return new Set([(index + count - 1) % count, index, nextSlide(index, count)]);
}

/** Text size of a post slide in vmin: short posts large, long ones smaller so more of them fits. */
export function postFontVmin(html: string): number {
  const length = html
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim().length;
  if (length <= 140) return 6.4;
  if (length <= 320) return 5.2;
  if (length <= 700) return 4.2;
  return 3.4;
}
