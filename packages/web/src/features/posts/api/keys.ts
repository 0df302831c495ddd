/** Query keys of the posts feature; creating or deleting a post invalidates `streams`. */
export const postKeys = {
  all: ['posts'] as const,
  options: () => [...postKeys.all, 'options'] as const,
  authors: (search: string) => [...postKeys.all, 'authors', search] as const,
  mentions: (query: string) => [...postKeys.all, 'mentions', query] as const,
  /** Every stream that shows posts: the news stream too (it lives under `news`). */
  streams: () => [...postKeys.all, 'stream'] as const,
  groupStream: (groupId: number) => [...postKeys.streams(), 'group', groupId] as const,
  topicStream: (topicId: number) => [...postKeys.streams(), 'topic', topicId] as const,
};

/** The news feature's key prefix: its stream shows posts, so a new post refreshes it as well. */
export const newsStreamPrefix = ['news'] as const;
