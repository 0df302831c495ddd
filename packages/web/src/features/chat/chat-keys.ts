/** The chat's react-query keys: everything under `chat`, so one invalidation reaches all of it. */
export const chatKeys = {
  all: ['chat'] as const,
  unread: ['chat', 'unread'] as const,
  conversations: ['chat', 'conversations'] as const,
  users: (search: string) => ['chat', 'users', search] as const,
};
