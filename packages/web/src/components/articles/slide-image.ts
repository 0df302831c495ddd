import type { Article } from '@plaza/contract';

/** The image a teaser slide shows for an article: its teaser image, else its title image, else its first slide. */
export function slideImage(article: Article): string | null {
  return article.images.teaser ?? article.images.title ?? article.images.slider[0] ?? null;
}
