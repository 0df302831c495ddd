import type { Area, FillContext } from './context';
import { literal } from './context';
import { popularGroup } from './groups';
import { memberCount } from './people';
import { closings, openings, rareWords, subjects } from './words';

/** Posts at scale 1. */
export const postsAtScale1 = 1_000_000;

export const postCount = (ctx: FillContext) => ctx.count(postsAtScale1, 100);

/** Share of posts in no group (seen by every member; the settings allow them). */
const withoutGroup = 0.15;

/** Share of posts with a postscript of a rare word (the search's rare words). */
const withRareWord = 0.0001;

/**
 * The search document of a piece of post text (the server's own function of migration 0012). The bulk
 * load runs without triggers, and stemming a million posts' text takes longer than the rest of the posts:
 * a post's document is put together from the documents of its pieces instead (the same words, computed
 * once per piece: PostgreSQL folds the arrays of constants below when it plans the insert).
 */
const pieceVectors = (list: readonly string[]) =>
  `array[${list.map((piece) => `plaza_post_search_vector(${literal(piece)})`).join(', ')}]::tsvector[]`;

const fileTypes = [
  { mime: 'application/pdf', ext: 'pdf' },
  { mime: 'image/webp', ext: 'webp' },
  { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' },
];

/**
 * Posts over three years, newest a few minutes ago, ids in time order: most in groups (busy groups
 * get more, into one of the group's topics when it has some) written by the group's members, some in
 * no group; a few mention members (the `post_mentions` rows and the mention markup), carry files
 * (`post_files` rows; the files themselves are not written) or a link preview.
 */
export const posts: Area = {
  name: 'posts',
  async fill(ctx) {
    const { rand, below, pick } = ctx.random;
    const members = memberCount(ctx);
    const count = postCount(ctx);
    const paragraph = (stream: string) =>
      `'<p>' || ${pick(openings, 'i', `${stream}.opening`)} || ' ' || ${pick(subjects, 'i', `${stream}.subject`)} || '. ' || ${pick(closings, 'i', `${stream}.closing`)} || '</p>'`;
    /** The document of `paragraph(stream)`, from the same picks. */
    const pickVector = (list: readonly string[], stream: string) =>
      `(${pieceVectors(list)})[1 + ${below('i', stream, list.length)}]`;
    const paragraphVector = (stream: string) =>
      `${pickVector(openings, `${stream}.opening`)} || ${pickVector(subjects, `${stream}.subject`)} || ${pickVector(closings, `${stream}.closing`)}`;
    const isLong = `${rand('i', 'posts.long')} < 0.4`;
    const isRare = `${rand('i', 'posts.rare')} < ${withRareWord}`;

    await ctx.table(
      'posts',
      `insert into posts (id, author_id, written_by, group_id, topic_id, description, search_vector, preview, created_at, updated_at)
       overriding system value
       select p.i, p.author, p.author, p.group_id, p.topic_id,
         ${paragraph('posts.p1')} || case when ${isLong} then ${paragraph('posts.p2')} else '' end
           || case when ${isRare} then '<p>P.S. ' || ${pick(rareWords, 'i', 'posts.rare_word')} || '</p>' else '' end,
         ${paragraphVector('posts.p1')} || case when ${isLong} then ${paragraphVector('posts.p2')} else ''::tsvector end
           || case when ${isRare} then ${pickVector(rareWords, 'posts.rare_word')} else ''::tsvector end,
         case when ${rand('i', 'posts.preview')} < 0.02 then jsonb_build_object(
           'url', 'https://www.example.com/artikel/' || p.i, 'title', ${pick(subjects, 'i', 'posts.preview_title')},
           'description', ${pick(closings, 'i', 'posts.preview_text')}, 'image', null, 'image_url', null, 'video_url', null) end,
         p.at, p.at
       from (
         select s.i, s.group_id, t.topic_id,
           coalesce(m.user_id, 1 + ${below('s.i', 'posts.author', members)}) as author,
           ${ctx.now} - interval '5 minutes' - make_interval(days => 1095) * (1 - s.i::float8 / ${count})
             - make_interval(secs => ${below('s.i', 'posts.jitter', 600)}) as at
         from (
           select i, case when ${rand('i', 'posts.no_group')} < ${withoutGroup} then null
             else ${popularGroup(ctx, 'i', 'posts.group')} end as group_id
           from generate_series(1, ${count}) i
         ) s
         left join bench_group_size gs on gs.group_id = s.group_id
         left join bench_group_member m on m.group_id = s.group_id and m.nth = ${below('s.i', 'posts.author', 'gs.members')}
         left join bench_group_topic t on t.group_id = s.group_id and t.nth = ${below('s.i', 'posts.topic', 'gs.topics')}
       ) p`,
    );

    // One in twenty posts mentions one or two members: of its group, or anyone for a post in no group.
    await ctx.table(
      'post_mentions',
      `insert into post_mentions (post_id, user_id)
       select distinct p.id, coalesce(m.user_id, 1 + ${below('p.id * 4 + k', 'mentions.user', members)}) as user_id
       from posts p
       left join bench_group_size gs on gs.group_id = p.group_id
       cross join lateral generate_series(1, case when ${rand('p.id', 'mentions.two')} < 0.2 then 2 else 1 end) k
       left join bench_group_member m
         on m.group_id = p.group_id and m.nth = ${below('p.id * 4 + k', 'mentions.user', 'gs.members')}
       where ${rand('p.id', 'mentions.has')} < 0.05
         and coalesce(m.user_id, 1 + ${below('p.id * 4 + k', 'mentions.user', members)}) <> p.author_id`,
      `update posts p set description = p.description || '<p>' || m.spans || '</p>',
         search_vector = p.search_vector || plaza_post_search_vector(m.spans)
       from (
         select pm.post_id, string_agg(
           '<span data-type="mention" data-id="' || u.id || '" data-label="' || u.firstname || ' ' || u.lastname
             || '">@' || u.firstname || ' ' || u.lastname || '</span>', ' ' order by u.id) as spans
         from post_mentions pm join users u on u.id = pm.user_id
         group by pm.post_id
       ) m
       where m.post_id = p.id`,
    );

    await ctx.table(
      'post_files',
      `insert into post_files (post_id, uploader_id, name, mime_type, size, path, created_at)
       select p.id, p.author_id, 'Anhang-' || p.id || '-' || k || '.' || f.ext, f.mime,
         5000 + ${below('p.id * 4 + k', 'post_files.size', 3_000_000)},
         'bench/post-files/' || p.id || '-' || k || '.' || f.ext, p.created_at
       from posts p
       cross join lateral generate_series(1, 1 + ${below('p.id', 'post_files.count', 3)}) k
       cross join lateral (select (array[${fileTypes.map((t) => `'${t.mime}'`).join(', ')}])[1 + ${below('p.id * 4 + k', 'post_files.type', fileTypes.length)}] as mime) m
       cross join lateral (select case m.mime ${fileTypes.map((t) => `when '${t.mime}' then '${t.ext}'`).join(' ')} end as ext, m.mime) f
       where ${rand('p.id', 'post_files.has')} < 0.03`,
    );
  },
};
