import { type LinkPreview, type Post, type PostFile, postPermissions } from '@plaza/contract';
import type { SessionUser } from '../../platform/request-context';
import { combinedName } from '../groups';
import { postPolicy } from './policy';
import type { PostStreamRow } from './repo';
import type { StreamFile } from './stream-sql';

/** Address of a post file's download. */
export function postFileLink(id: number): string {
  return `/api/v2/posts/file/${id}`;
}

/** A post file as the contract names it. */
export function presentPostFile(row: StreamFile): PostFile {
  return {
    id: row.id,
    name: row.name,
    type: row.mime_type,
    size: row.size,
    link: postFileLink(row.id),
    is_image: row.mime_type.startsWith('image/'),
  };
}

/** The name shown for a member who may have been deleted. */
export function personName(person: { firstname: string | null; lastname: string | null }, fallback: string) {
  return person.firstname === null && person.lastname === null ? fallback : combinedName(person);
}

/** A post for a viewer (null: every member, as the TV shows it). */
export function presentPost(row: PostStreamRow, viewer: SessionUser | null): Post {
  return {
    id: `post-${row.id}`,
    item_id: row.id,
    meta: { type: 'post' },
    author: {
      id: row.author_id,
      name: personName({ firstname: row.author_firstname, lastname: row.author_lastname }, '—'),
      avatar: row.author_img,
    },
    created_at: row.created_at.toISOString(),
    edited_at: row.updated_at > row.created_at ? row.updated_at.toISOString() : null,
    description: row.description,
    files: row.files.map(presentPostFile),
    preview: (row.preview as LinkPreview | null) ?? null,
    group:
      row.group_id !== null && row.group_name !== null ? { id: row.group_id, name: row.group_name } : null,
    topic:
      row.topic_id !== null && row.topic_name !== null ? { id: row.topic_id, name: row.topic_name } : null,
    mentions: row.mentions.map((m) => ({ id: m.id, name: combinedName(m) })),
    comments_allowed: true,
    likes_allowed: true,
    likes_count: row.likes_count,
    comments_count: row.comments_count,
    liked_by_me: row.liked_by_me,
    permissions: postPermissions.filter((action) => postPolicy.can(viewer, action, row)),
  };
}
