/** Query keys of the groups feature; a mutation invalidates by these prefixes. */
export const groupKeys = {
  all: ['groups'] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
  list: (type: string) => [...groupKeys.lists(), type] as const,
  publicList: () => [...groupKeys.all, 'public'] as const,
  invitations: () => [...groupKeys.all, 'invitations'] as const,
  applications: () => [...groupKeys.all, 'applications'] as const,
  suggestions: () => [...groupKeys.all, 'suggestions'] as const,
  detail: (id: number) => [...groupKeys.all, 'detail', id] as const,
  users: (id: number, type: string) => [...groupKeys.detail(id), 'users', type] as const,
  files: (id: number) => [...groupKeys.detail(id), 'files'] as const,
  topic: (id: number) => [...groupKeys.all, 'topic', id] as const,
  topicFiles: (id: number) => [...groupKeys.topic(id), 'files'] as const,
  topicUsers: (id: number) => [...groupKeys.topic(id), 'users'] as const,
};
