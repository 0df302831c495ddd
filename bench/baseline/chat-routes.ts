import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Bus } from './bus';
import { member } from './request';

// The chat (bench/http/chat.ts): a message stored and published to each participant's topic, a
// conversation's newest messages, and the member's conversations with their latest message.
export function registerChatRoutes(app: FastifyInstance, db: pg.Pool, bus: Bus): void {
  app.post('/api/v2/messages/create', async (request, reply) => {
    const sender = member(request);
    const { message } = request.body as { message: { recipient: number; text: string; client_id: string } };
    const participants = await db.query<{ user_id: number }>({
      name: 'chat-participants',
      text: 'select user_id from conversation_participants where conversation_id = $1',
      values: [message.recipient],
    });
    if (!participants.rows.some((row) => row.user_id === sender.id))
      return reply.status(404).send({ code: 'not_found' });
    const { rows } = await db.query<{ id: number; created_at: Date }>({
      name: 'chat-insert',
      text: `with m as (insert into chat_messages (conversation_id, sender_id, client_id, text) values ($1, $2, $3, $4)
             returning id, created_at)
           update conversations set last_message_id = m.id, last_message_at = m.created_at from m where conversations.id = $1
           returning m.id, m.created_at`,
      values: [message.recipient, sender.id, message.client_id, message.text],
    });
    const stored = {
      ...rows[0],
      conversation_id: message.recipient,
      sender_id: sender.id,
      text: message.text,
    };
    const event = JSON.stringify({ kind: 'message', message: stored });
    await Promise.all(participants.rows.map((row) => bus.publish(`user:${row.user_id}:chat`, event)));
    return stored;
  });

  app.get('/api/v2/messages/history', async (request, reply) => {
    const viewer = member(request);
    const recipient = Number((request.query as { recipient?: string }).recipient);
    const { rows } = await db.query({
      name: 'chat-history',
      text: `select m.id, m.sender_id, m.text, m.created_at, u.firstname, u.lastname, u.img_path
           from chat_messages m left join users u on u.id = m.sender_id
           where m.conversation_id = $1
             and exists (select 1 from conversation_participants p where p.conversation_id = $1 and p.user_id = $2)
           order by m.id desc limit 31`,
      values: [recipient, viewer.id],
    });
    if (rows.length === 0) return reply.status(404).send({ code: 'not_found' });
    return { results: rows.slice(0, 30).reverse(), has_more: rows.length > 30 };
  });

  app.get('/api/v2/messages/conversations', async (request) => {
    const viewer = member(request);
    const { rows } = await db.query({
      name: 'chat-conversations',
      text: `select c.id, c.type, c.name, c.last_message_at, m.text, m.sender_id,
             (select json_agg(json_build_object('id', u.id, 'firstname', u.firstname, 'lastname', u.lastname))
              from conversation_participants q join users u on u.id = q.user_id where q.conversation_id = c.id) as participants
           from conversation_participants p
           join conversations c on c.id = p.conversation_id
           left join chat_messages m on m.id = c.last_message_id
           where p.user_id = $1 order by c.last_message_at desc, c.id desc limit 21`,
      values: [viewer.id],
    });
    return { results: rows.slice(0, 20), next: rows.length > 20 ? 'more' : null };
  });
}
