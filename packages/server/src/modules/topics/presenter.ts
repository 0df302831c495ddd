import type { StoredFile, Topic, TopicPermission, TopicSuggestion } from '@plaza/contract';
import { combinedName, type MemberPage } from '../groups';
import { imageUrl } from '../uploads';
import type { TopicDetailRow } from './repo';

function author(row: TopicDetailRow) {
  return {
    id: row.topic.author_id,
    combined_name: row.topic.author_id
      ? combinedName({ firstname: row.author_firstname, lastname: row.author_lastname })
      : '',
    img: row.author_img,
  };
}

function group(row: TopicDetailRow) {
  return { id: row.topic.group_id, name: row.group_name, image: imageUrl(row.group_image_path) };
}

/** Maps a topic to the contract's topic page for a viewer. */
export function presentTopic(
  row: TopicDetailRow,
  extras: {
    files: StoredFile[];
    members: MemberPage;
    permissions: TopicPermission[];
    suggestions: number;
  },
): Topic {
  const image = imageUrl(row.image_path);
  return {
    id: row.topic.id,
    name: row.topic.name,
    description: row.topic.description,
    image,
    infos: { title: row.topic.name, description: row.topic.description, img: image },
    date: row.topic.created_at.toISOString(),
    group: group(row),
    author: author(row),
    files: extras.files,
    members: extras.members,
    member_count: extras.members.pagination.total,
    permissions: extras.permissions,
    suggestions: extras.suggestions,
  };
}

/** Maps a suggested topic to the contract's suggestion. */
export function presentSuggestion(row: TopicDetailRow): TopicSuggestion {
  return {
    id: row.topic.id,
    name: row.topic.name,
    description: row.topic.description,
    author: author(row),
    group: group(row),
    date: row.topic.created_at.toISOString(),
  };
}
