import { type Area, type FillContext, textArray } from './context';
import { memberCount } from './people';
import { fileNames, groupAdjectives, groupSubjects, topicNames } from './words';

/** Groups at scale 1. */
export const groupsAtScale1 = 300;

export const groupCount = (ctx: FillContext) => ctx.count(groupsAtScale1, 3);

/**
 * The group of membership slot `key`: a few groups are large (the whole site, a location), most are
 * small, as in a real intranet. Low group numbers are the popular ones; posts use the same pick, so
 * large groups are also the busy ones.
 */
export const popularGroup = (ctx: FillContext, key: string, stream: string) =>
  `(1 + floor(${ctx.random.rand(key, stream)} ^ 2 * ${groupCount(ctx)})::int)`;

/**
 * Groups of every type of the contract (open, approval, private), their memberships (a typical member
 * is in a handful of groups; invitations, applications and refusals among them), topics and files.
 *
 * Leaves temporary tables for the areas after it, so they can pick "the nth member of group g" with a
 * join: `bench_group_member (group_id, nth, user_id)` numbers each group's accepted members from 0,
 * `bench_group_topic (group_id, nth, topic_id)` its active topics, and `bench_group_size (group_id,
 * members, topics)` counts both.
 */
export const groups: Area = {
  name: 'groups',
  async fill(ctx) {
    const { rand, below, pick } = ctx.random;
    const members = memberCount(ctx);
    const count = groupCount(ctx);

    await ctx.table(
      'groups',
      `insert into groups (id, name, description, type, creator_id, created_at, updated_at)
       overriding system value
       select g,
         case when g = 1 then 'Alle Mitarbeitenden'
           else ${pick(groupAdjectives, 'g', 'groups.adjective')} || ' ' || ${pick(groupSubjects, 'g', 'groups.subject')} || ' ' || g end,
         'Austausch, Termine und Neuigkeiten der Gruppe. Exchange, dates and news of the group.',
         case when g = 1 then 'open'
           when ${rand('g', 'groups.type')} < 0.55 then 'open'
           when ${rand('g', 'groups.type')} < 0.8 then 'approval'
           else 'private' end,
         1 + ${below('g', 'groups.creator', members)},
         ${ctx.now} - interval '30 days' - make_interval(days => 1460) * (1 - g::float8 / ${count}),
         ${ctx.now} - interval '30 days' - make_interval(days => 1460) * (1 - g::float8 / ${count})
       from generate_series(1, ${count}) g`,
    );

    // Member i takes 1 to 15 membership slots (most take few); a slot that names a group twice is
    // dropped by `distinct on`, where the creator's own admin membership comes first. The member's names
    // in lower case are what the triggers (off during the load) would set (migration 0025).
    const slot = 'i * 32 + j';
    await ctx.table(
      'group_memberships',
      `insert into group_memberships (group_id, user_id, role, status, kind, invited_by, created_at, updated_at,
         sort_lastname, sort_firstname)
       select distinct on (m.group_id, m.user_id) m.group_id, m.user_id,
         case when m.creator or (m.status = 'accepted' and m.r_role < 0.02) then 'admin' else 'member' end,
         m.status,
         case when g.type = 'private' or m.status = 'pending' then 'invite' else 'application' end,
         case when g.type = 'private' or m.status = 'pending' then g.creator_id end,
         g.created_at + (${ctx.now} - g.created_at) * m.r_at,
         g.created_at + (${ctx.now} - g.created_at) * m.r_at,
         lower(u.lastname), lower(u.firstname)
       from (
         select id as group_id, creator_id as user_id, true as creator, 'accepted' as status, 0.0 as r_role,
           0.0 as r_at
         from groups
         union all
         select ${popularGroup(ctx, slot, 'memberships.group')}, i, false,
           case when r_status < 0.93 then 'accepted' when r_status < 0.96 then 'pending'
             when r_status < 0.98 then 'applied' else 'declined' end,
           ${rand(slot, 'memberships.role')}, ${rand(slot, 'memberships.at')}
         from generate_series(1, ${members}) i
         cross join lateral generate_series(1, 1 + floor(${rand('i', 'memberships.count')} ^ 2 * 14)::int) j
         cross join lateral (select ${rand(slot, 'memberships.status')} as r_status) s
       ) m
       join groups g on g.id = m.group_id
       join users u on u.id = m.user_id
       where not (g.type = 'private' and m.status = 'applied')
       order by m.group_id, m.user_id, m.creator desc`,
    );
    await ctx.run(
      `create temporary table bench_group_member on commit drop as
       select group_id, (row_number() over (partition by group_id order by user_id) - 1)::int as nth, user_id
       from group_memberships where status = 'accepted'`,
    );

    // Six groups in ten have 2 to 8 topics; a few topics are still suggestions.
    await ctx.table(
      'topics',
      `insert into topics (id, group_id, name, description, author_id, status, created_at, updated_at)
       overriding system value
       select row_number() over (order by g.id, j), g.id,
         (${textArray(topicNames)})[1 + (g.id + j) % ${topicNames.length}] || case when j > ${topicNames.length} then ' ' || j else '' end,
         'Beiträge zum Thema. Posts on the topic.', g.creator_id,
         case when ${rand('g.id * 16 + j', 'topics.suggested')} < 0.05 then 'suggested' else 'active' end,
         g.created_at + make_interval(days => j), g.created_at + make_interval(days => j)
       from groups g
       cross join lateral generate_series(1, 2 + ${below('g.id', 'topics.count', 7)}) j
       where ${rand('g.id', 'topics.has')} < 0.6`,
    );
    await ctx.run(
      `create temporary table bench_group_topic on commit drop as
       select group_id, (row_number() over (partition by group_id order by id) - 1)::int as nth, id as topic_id
       from topics where status = 'active'`,
    );
    // Counted in one pass each (a count per group would scan the memberships once per group: 3,000
    // groups times 570,000 memberships at scale 10).
    await ctx.run(
      `create temporary table bench_group_size on commit drop as
       select g.id as group_id, coalesce(m.n, 0)::int as members, coalesce(t.n, 0)::int as topics
       from groups g
       left join (select group_id, count(*) as n from bench_group_member group by group_id) m on m.group_id = g.id
       left join (select group_id, count(*) as n from bench_group_topic group by group_id) t on t.group_id = g.id`,
    );
    await ctx.run('alter table bench_group_member add primary key (group_id, nth)');
    await ctx.run('alter table bench_group_topic add primary key (group_id, nth)');
    await ctx.run('analyze bench_group_member, bench_group_topic, bench_group_size');

    await ctx.table(
      'files',
      `insert into files (group_id, topic_id, uploader_id, name, mime_type, size, path, created_at)
       select g.id, case when ${rand('g.id * 16 + f', 'files.in_topic')} < 0.5 then t.topic_id end,
         g.creator_id, ${pick(fileNames, 'g.id * 16 + f', 'files.name')} || '_' || g.id || '-' || f || '.pdf', 'application/pdf',
         10000 + ${below('g.id * 16 + f', 'files.size', 2_000_000)},
         'bench/group-files/' || g.id || '-' || f || '.pdf', g.created_at + make_interval(days => f)
       from groups g
       join bench_group_size gs on gs.group_id = g.id
       cross join lateral generate_series(1, ${below('g.id', 'files.count', 9)}) f
       left join bench_group_topic t on t.group_id = g.id and t.nth = ${below('g.id * 16 + f', 'files.topic', 'gs.topics')}`,
    );
  },
};
