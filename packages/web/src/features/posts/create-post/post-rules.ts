import type { CreatePostInput, LinkPreview, PostSelectOption } from '@plaza/contract';
import { previewLookupText } from '../../../components/link-preview/lookup-rule';

/** A file of the post being written: uploading (no id yet) or uploaded. */
export interface DraftFile {
  key: string;
  name: string;
  id: number | null;
}

/** The create-post form. `text` is the editor's plain text, used to tell an empty post. */
export interface PostDraft {
  description: string;
  text: string;
  groupId: number | null;
  topicId: number | null;
  files: DraftFile[];
  /** The text of the link field: posted as the post's link when it is one, preview or not. */
  link: string;
  /** The preview shown for the link (the server fetches its own). */
  preview: LinkPreview | null;
  authorId: number | null;
}

export type PostDraftError = 'description' | 'group' | 'topic' | 'link';

/** A fresh form: empty, with the page's group and topic preselected. */
export function emptyDraft(groupId: number | null = null, topicId: number | null = null): PostDraft {
  return { description: '', text: '', groupId, topicId, files: [], link: '', preview: null, authorId: null };
}

/**
 * What is missing (spec 5 "Post"): the description always; unless posts without a group are allowed,
 * a group, and a topic when the chosen group has topics (a group without topics takes posts directly);
 * a link field holding something that is no link.
 */
export function draftErrors(
  draft: PostDraft,
  { allowWithoutGroup, options }: { allowWithoutGroup: boolean; options: PostSelectOption[] },
): PostDraftError[] {
  const errors: PostDraftError[] = [];
  if (!draft.text.trim()) errors.push('description');
  if (draft.link.trim() && previewLookupText(draft.link) === null) errors.push('link');
  if (!allowWithoutGroup) {
    if (draft.groupId === null) errors.push('group');
    else {
      const group = options.find((option) => option.id === draft.groupId);
      if (group && group.properties.length > 0 && draft.topicId === null) errors.push('topic');
    }
  }
  return errors;
}

/** True while a file is still uploading: the post waits for its id. */
export const uploadsPending = (draft: PostDraft) => draft.files.some((file) => file.id === null);

/** The link to post: the typed one (even before its lookup answered), else the shown preview's. */
function linkOf(draft: PostDraft): { url: string } | null {
  const url = previewLookupText(draft.link) ?? draft.preview?.url;
  return url ? { url } : null;
}

/** The call's body from the form. */
export function draftToInput(draft: PostDraft): CreatePostInput {
  return {
    description: draft.description,
    group_id: draft.groupId,
    topic_id: draft.groupId === null ? null : draft.topicId,
    files: draft.files.flatMap((file) => (file.id === null ? [] : [file.id])),
    preview: linkOf(draft),
    author_id: draft.authorId,
  };
}
