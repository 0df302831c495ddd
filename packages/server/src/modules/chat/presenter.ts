import type { ChatMessage, ChatParticipant, Conversation } from '@plaza/contract';
import { combinedName } from '../groups';
import { isOnline } from '../users';
import type { ConversationView, MessageWithSender, ParticipantRow } from './repo';

/** Where an attachment downloads from (participants only). */
export function attachmentLink(id: number): string {
  return `/api/v2/messages/attachments/${id}`;
}

export function presentParticipant(
  row: Omit<ParticipantRow, 'conversation_id' | 'last_read_message_id'>,
  now: Date,
): ChatParticipant {
  return {
    id: row.id,
    first_name: row.firstname ?? '',
    last_name: row.lastname ?? '',
    img_path: row.img_path,
    online: isOnline(row, now),
    latest_activity: row.last_seen_at?.toISOString() ?? null,
  };
}

/**
 * A message for `viewerId`: unread when someone else sent it after the viewer's read mark (`viewerMark`);
 * `read_by` the other participants whose mark reached it.
 */
export function presentMessage(row: MessageWithSender, viewerId: number, viewerMark: number): ChatMessage {
  const own = row.sender_id === viewerId;
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    client_id: own ? row.client_id : null,
    sender: {
      id: row.sender_id,
      name: combinedName({ firstname: row.sender_firstname, lastname: row.sender_lastname }),
      image: row.sender_img,
    },
    text: row.text,
    attachments: row.attachments.map((file) => ({ ...file, link: attachmentLink(file.id) })),
    time: new Date(row.created_at).toISOString(),
    unread: !own && row.id > viewerMark,
    read_by: row.read_by,
  };
}

/** A conversation as its participant `viewerId` sees it in the list. */
export function presentConversation(
  view: ConversationView,
  viewer: { viewerId: number; now: Date },
): Conversation {
  return {
    id: view.id,
    type: view.type,
    group: view.type === 'group' ? { name: view.name ?? '' } : null,
    participants: view.participants.map((p) => presentParticipant(p, viewer.now)),
    participant_count: view.participant_count,
    last_message: view.last_message
      ? presentMessage(view.last_message, viewer.viewerId, view.viewer_mark)
      : null,
    new_messages: view.unread,
    created: view.created_at.toISOString(),
  };
}
