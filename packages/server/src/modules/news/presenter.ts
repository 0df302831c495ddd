import { type Article, type Locale, pageFileLink } from '@plaza/contract';
import { combinedName } from '../groups';
import { imageUrl } from '../uploads';
import type { ArticleRow } from './repo';

/** A category's name in the viewer's language (German, then any, as fallbacks). */
export function categoryName(names: Record<string, string>, locale: Locale): string {
  return names[locale] ?? names.de_DE ?? Object.values(names)[0] ?? '';
}

/** An article as the contract names it, for a viewer's language. */
export function presentArticle(row: ArticleRow, locale: Locale): Article {
  const image = imageUrl(row.image_path);
  const memberName =
    row.author_firstname === null && row.author_lastname === null
      ? ''
      : combinedName({ firstname: row.author_firstname, lastname: row.author_lastname });
  return {
    id: `page-${row.id}`,
    item_id: row.id,
    meta: { type: 'article' },
    title: row.title,
    teaser: row.teaser,
    content: row.content,
    publish_date: row.publish_date.toISOString(),
    author: { name: row.author_name ?? memberName, avatar: row.author_name ? null : row.author_img },
    images: { title: image, slider: image ? [image] : [], teaser: image, images: image ? [image] : [] },
    attachments: row.attachments.map((file) => ({
      type: file.type,
      name: file.name,
      link: pageFileLink(row.id, file.id),
    })),
    category:
      row.category_id !== null && row.category_names
        ? { id: row.category_id, name: categoryName(row.category_names, locale) }
        : null,
    visibility: row.visibility === 'all' ? 'all' : 'members',
    comments_allowed: row.comments_allowed,
    likes_allowed: row.likes_allowed,
    likes_count: row.likes_count,
    comments_count: row.comments_count,
    liked_by_me: row.liked_by_me,
  };
}
