import { type SearchResultOf, type SearchSuggestion, searchExcerptMaxLength } from '@plaza/contract';
import { combinedName } from '../groups';
import { personName } from '../posts';
import { fileLink, imageUrl } from '../uploads';
import type { ArticleHit, FileHit, GroupHit, MemberHit, PageHit, PostHit, TopicHit } from './repo';

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The plain text of sanitised HTML: tags become spaces, the usual character references their characters. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
          ? String.fromCodePoint(code)
          : ' ';
      }
      return entities[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** A text cut to at most `max` characters (code points), at a word where one is near, with an ellipsis. */
export function excerpt(text: string, max = searchExcerptMaxLength): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const iso = (value: string | Date) => new Date(value).toISOString();

export const presentHit = {
  member: (row: MemberHit, showPosition: boolean): SearchResultOf<'search_members'> => ({
    id: row.id,
    combined_name: combinedName(row),
    img_path: row.img_path,
    position: showPosition && row.position ? row.position : null,
  }),
  group: (row: GroupHit): SearchResultOf<'search_groups'> => ({
    id: row.id,
    name: row.name,
    image: imageUrl(row.image_path),
  }),
  topic: (row: TopicHit): SearchResultOf<'search_topics'> => ({
    id: row.id,
    group_id: row.group_id,
    name: row.name,
    group_name: row.group_name,
  }),
  post: (row: PostHit): SearchResultOf<'search_posts'> => ({
    id: row.id,
    group_id: row.group_id,
    topic_id: row.topic_id,
    excerpt: excerpt(htmlText(row.description)),
    author_name: personName(row, ''),
    created_at: iso(row.created_at),
  }),
  file: (row: FileHit): SearchResultOf<'search_files'> => ({
    id: row.id,
    name: row.name,
    type: row.mime_type,
    size: row.size,
    link: fileLink(row.id),
    group_id: row.group_id,
    topic_id: row.topic_id,
    group_name: row.group_name,
    created_at: iso(row.created_at),
  }),
  article: (row: ArticleHit): SearchResultOf<'search_news'> => ({
    id: row.id,
    title: row.title,
    teaser: row.teaser,
    publish_date: iso(row.publish_date),
  }),
  page: (row: PageHit): SearchResultOf<'search_pages'> => ({ id: row.id, title: row.title }),
};

/** The suggestion of a hit. */
export const suggestionOf = {
  member: (row: MemberHit): SearchSuggestion => ({
    id: row.id,
    title: combinedName(row),
    type: 'member',
    group_id: null,
  }),
  group: (row: GroupHit): SearchSuggestion => ({
    id: row.id,
    title: row.name,
    type: 'group',
    group_id: null,
  }),
  topic: (row: TopicHit): SearchSuggestion => ({
    id: row.id,
    title: row.name,
    type: 'topic',
    group_id: row.group_id,
  }),
  article: (row: ArticleHit): SearchSuggestion => ({
    id: row.id,
    title: row.title,
    type: 'article',
    group_id: null,
  }),
  page: (row: PageHit): SearchSuggestion => ({ id: row.id, title: row.title, type: 'page', group_id: null }),
};
