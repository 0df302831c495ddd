import type { Area, FillContext } from './context';
import { memberCount } from './people';
import { closings, openings, subjects } from './words';

/** Chat messages at scale 1 (issue 17: the conversation list and history at 200,000 messages). */
export const chatMessagesAtScale1 = 200_000;

/** Members of the large group conversation (issue 17: delivery to a 500-member conversation). */
export const largeConversationMembers = 500;

/** Members of each other group conversation, and how many group conversations there are. */
const groupSize = 20;
const groupConversations = 20;

/**
 * The layout of the conversations, by id: first member 1's direct conversations with members 2, 3, ...
 * (`subject`: member 1 and 2 write a lot), then one direct conversation per neighbouring pair of
 * members, then the group conversations (the first is the large one, of members 1 to 500).
 */
export function chatLayout(ctx: FillContext) {
  const members = memberCount(ctx);
  const withMember1 = Math.min(200, members - 1);
  const pairs = members - 2;
  const groupsFirst = withMember1 + pairs + 1;
  return {
    members,
    withMember1,
    pairs,
    groupsFirst,
    largeGroupId: groupsFirst,
    largeGroupSize: Math.min(largeConversationMembers, members),
    last: groupsFirst + groupConversations - 1,
  };
}

/**
 * Conversations, participants and messages: 10 % of the messages between member 1 and member 2, 10 % in
 * the large group conversation, the rest spread over every conversation; read marks at the newest
 * message, but member 1 has a few unread conversations.
 */
export const chat: Area = {
  name: 'chat',
  async fill(ctx) {
    const { below, pick } = ctx.random;
    const layout = chatLayout(ctx);
    const { members, withMember1, groupsFirst, last } = layout;
    const total = ctx.count(chatMessagesAtScale1, 100);
    const conversationCount = last;
    // A group's members: the large one is members 1..500, group g the 20 members from (g - 1) * 20 + 1.
    const groupSizeOf = (g: string) =>
      `case when ${g} = 1 then ${layout.largeGroupSize} else ${Math.min(groupSize, members)} end`;
    const groupMember = (g: string, j: string) =>
      `1 + ((case when ${g} = 1 then 0 else (${g} - 1) * ${groupSize} end + ${j}) % ${members})`;

    await ctx.table(
      'conversations',
      `insert into conversations (id, type, name, direct_key, created_by, created_at, last_message_at)
       overriding system value
       select c,
         case when c >= ${groupsFirst} then 'group' else 'direct' end,
         case when c >= ${groupsFirst} then 'Gruppe ' || (c - ${groupsFirst} + 1) end,
         case when c <= ${withMember1} then '1:' || (c + 1)
              when c < ${groupsFirst} then (c - ${withMember1} + 1) || ':' || (c - ${withMember1} + 2) end,
         case when c <= ${withMember1} then 1 when c < ${groupsFirst} then c - ${withMember1} + 1 else 1 end,
         ${ctx.now} - interval '400 days', ${ctx.now} - interval '400 days'
       from generate_series(1, ${conversationCount}) c`,
    );
    await ctx.table(
      'conversation_participants',
      `insert into conversation_participants (conversation_id, user_id, joined_at)
       select c, 1, ${ctx.now} - interval '400 days' from generate_series(1, ${withMember1}) c
       union all select c, c + 1, ${ctx.now} - interval '400 days' from generate_series(1, ${withMember1}) c
       union all select c, c - ${withMember1} + 1, ${ctx.now} - interval '400 days' from generate_series(${withMember1 + 1}, ${groupsFirst - 1}) c
       union all select c, c - ${withMember1} + 2, ${ctx.now} - interval '400 days' from generate_series(${withMember1 + 1}, ${groupsFirst - 1}) c
       union all select distinct c, ${groupMember(`(c - ${groupsFirst} + 1)`, 'j')}, ${ctx.now} - interval '400 days'
         from generate_series(${groupsFirst}, ${last}) c
         cross join lateral generate_series(0, ${groupSizeOf(`(c - ${groupsFirst} + 1)`)} - 1) j`,
    );
    // Message m: its conversation (10 % to 1:2, 10 % to the large group, the rest anywhere), then a
    // sender among that conversation's members; times rise with m over the last year (denser above
    // scale 1).
    const conversation = `case when m % 10 = 0 then 1 when m % 10 = 1 then ${groupsFirst}
      else 1 + ${below('m', 'chat.conversation', conversationCount)} end`;
    const sender = (c: string) => `case
      when ${c} <= ${withMember1} then case when m % 2 = 0 then 1 else ${c} + 1 end
      when ${c} < ${groupsFirst} then ${c} - ${withMember1} + 1 + m % 2
      else ${groupMember(`(${c} - ${groupsFirst} + 1)`, `${below('m', 'chat.sender', groupSizeOf(`(${c} - ${groupsFirst} + 1)`))}`)} end`;
    await ctx.table(
      'chat_messages',
      `insert into chat_messages (id, conversation_id, sender_id, client_id, text, created_at)
       overriding system value
       select m, c, ${sender('c')}, 'bench-' || m,
         ${pick(openings, 'm', 'chat.opening')} || ' ' || ${pick(subjects, 'm', 'chat.subject')} || '. ' || ${pick(closings, 'm', 'chat.closing')},
         ${ctx.now} - make_interval(secs => (${total} - m) * ${150 / ctx.density})
       from (select m, ${conversation} as c from generate_series(1, ${total}) m) picked`,
    );
    await ctx.step(
      'conversations latest and counts',
      `update conversations c set last_message_id = x.id, last_message_at = x.at
       from (select conversation_id, max(id) as id, max(created_at) as at from chat_messages group by conversation_id) x
       where x.conversation_id = c.id`,
      // What the participants' trigger keeps (it is off during the bulk load).
      `update conversations c set participant_count = n.count
       from (select conversation_id, count(*)::int as count from conversation_participants group by conversation_id) n
       where n.conversation_id = c.id`,
      `update conversation_participants p set last_read_message_id = greatest(0, coalesce(c.last_message_id, 0)
         - case when p.user_id = 1 and c.id % 10 = 0 then 3 else 0 end)
       from conversations c where c.id = p.conversation_id`,
    );
  },
};
