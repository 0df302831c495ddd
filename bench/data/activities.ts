import deGroups from '../../packages/contract/locales/de_DE/group_activities.json' with { type: 'json' };
import dePosts from '../../packages/contract/locales/de_DE/post_activities.json' with { type: 'json' };
import enGroups from '../../packages/contract/locales/en_GB/group_activities.json' with { type: 'json' };
import enPosts from '../../packages/contract/locales/en_GB/post_activities.json' with { type: 'json' };
import { type Area, type FillContext, literal } from './context';

/** Share of likes that left an activity (the others were seen long ago and cleaned up, say). */
const likeShare = 0.25;

const bundles = {
  de_DE: { post_activities: dePosts, group_activities: deGroups },
  en_GB: { post_activities: enPosts, group_activities: enGroups },
};
type Bundle = keyof (typeof bundles)['en_GB'];

/**
 * An activity's `text, message` columns as the server writes them (activities/localised.ts): the text in
 * the recipient's language (`recipient` the users row) and the translation key with its values, which a
 * reader sees in their own interface language. `{{name}}` is the actor's name, `{{group}}` the group's.
 */
function worded<B extends Bundle>(
  bundle: B,
  key: keyof (typeof bundles)['en_GB'][B],
  recipient: string,
  actor: string,
  group?: string,
): string {
  const name = `${actor}.firstname || ' ' || ${actor}.lastname`;
  const groupName = `coalesce(${group ?? "''"}, '')`;
  const fill = (template: string) =>
    `replace(replace(${literal(template)}, '{{name}}', ${name}), '{{group}}', ${groupName})`;
  const [de, en] = [bundles.de_DE[bundle][key], bundles.en_GB[bundle][key]] as string[];
  const text = `case when ${recipient}.selected_language = 'en_GB' then ${fill(en!)} else ${fill(de!)} end`;
  const vars = group ? `'name', ${name}, 'group', ${groupName}` : `'name', ${name}`;
  const message = `jsonb_build_object('key', ${literal(`${bundle}.${String(key)}`)}, 'vars', jsonb_build_object(${vars}))`;
  return `${text}, ${message}`;
}

/** Read and shown when older than three days; of the newer ones, some still unread. */
function readState(ctx: FillContext, at: string, key: string) {
  const old = `(${at} < ${ctx.now} - interval '3 days' or ${ctx.random.rand(key, 'activities.read')} < 0.3)`;
  return { read: old, old };
}

/**
 * The activity feeds, made from what happened in the data as the server records it: a comment or a
 * like on a member's post, a mention, an invitation to a group.
 */
export const activities: Area = {
  name: 'activities',
  async fill(ctx) {
    const { hash } = ctx.random;
    const columns = `(user_id, actor_id, type, text, message, url, membership_id, membership_status, target_type, target_id,
      read, old, created_at)`;
    const comment = readState(ctx, 'c.created_at', 'c.id');
    const like = readState(ctx, 'l.created_at', 'l.id');
    const mention = readState(ctx, 'p.created_at', 'p.id * 8 + r.id');
    const invite = readState(ctx, 'm.created_at', 'm.id');
    await ctx.table(
      'activities',
      `insert into activities ${columns}
       select p.author_id, c.author_id, 'comment', ${worded('post_activities', 'comment_post', 'r', 'a')},
         '/news/post-' || p.id, null, null, 'post', p.id, ${comment.read}, ${comment.old}, c.created_at
       from comments c
       join posts p on p.id = c.target_id
       join users r on r.id = p.author_id
       join users a on a.id = c.author_id
       where c.target_type = 'post' and c.author_id <> p.author_id`,
      `insert into activities ${columns}
       select p.author_id, l.user_id, 'like', ${worded('post_activities', 'like_post', 'r', 'a')},
         '/news/post-' || p.id, null, null, 'post', p.id, ${like.read}, ${like.old}, l.created_at
       from likes l
       join posts p on p.id = l.target_id
       join users r on r.id = p.author_id
       join users a on a.id = l.user_id
       where l.target_type = 'post' and l.user_id <> p.author_id
         and ${hash('l.id', 'activities.like')} % 1000 < ${likeShare * 1000}`,
      `insert into activities ${columns}
       select r.id, p.author_id, 'mention', ${worded('post_activities', 'mention', 'r', 'a')},
         '/news/post-' || p.id, null, null, 'post', p.id, ${mention.read}, ${mention.old}, p.created_at
       from post_mentions pm
       join posts p on p.id = pm.post_id and p.group_id is null
       join users r on r.id = pm.user_id
       join users a on a.id = p.author_id`,
      `insert into activities ${columns}
       select r.id, p.author_id, 'mention', ${worded('post_activities', 'mention_in_group', 'r', 'a', 'g.name')},
         '/news/post-' || p.id, null, null, 'post', p.id, ${mention.read}, ${mention.old}, p.created_at
       from post_mentions pm
       join posts p on p.id = pm.post_id
       join groups g on g.id = p.group_id
       join users r on r.id = pm.user_id
       join users a on a.id = p.author_id`,
      `insert into activities ${columns}
       select m.user_id, m.invited_by, 'invite', ${worded('group_activities', 'invite', 'r', 'a', 'g.name')},
         '/groups', m.id, m.status, 'membership', m.id, ${invite.read}, ${invite.old}, m.created_at
       from group_memberships m
       join groups g on g.id = m.group_id
       join users r on r.id = m.user_id
       join users a on a.id = m.invited_by
       where m.status = 'pending'`,
    );
  },
};
