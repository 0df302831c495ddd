import type { ChatParticipant, Conversation } from '@plaza/contract/chat';

/** A participant's full name. */
export const participantName = (participant: Pick<ChatParticipant, 'first_name' | 'last_name'>) =>
  `${participant.first_name} ${participant.last_name}`.trim();

/** The other participants of a conversation (everyone but the viewer). */
export const othersOf = (conversation: Conversation, viewerId: number) =>
  conversation.participants.filter((participant) => participant.id !== viewerId);

/** How a conversation is named: a group's name, or the other participant's name in a direct one. */
export function conversationName(conversation: Conversation, viewerId: number): string {
  if (conversation.type === 'group' && conversation.group?.name) return conversation.group.name;
  return othersOf(conversation, viewerId).map(participantName).join(', ');
}
