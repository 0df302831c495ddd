import type { Area } from './context';
import { articleIds } from './news';
import { memberCount } from './people';
import { postCount } from './posts';
import { commentTexts } from './words';

/** Likes and comments at scale 1; articles get a small share of each. */
export const likesAtScale1 = 2_000_000;
export const commentsAtScale1 = 500_000;
const articleShare = 0.03;

/**
 * A prime above any member count: member `(start + j * stride) % n` for j = 0, 1, ... never repeats
 * before n, so the likers of one item are distinct without a conflict check.
 */
const stride = 104_729;

/**
 * Comments (newer posts get more of them) and likes (each item an exponentially distributed number,
 * by distinct members; on group posts by the group's members, who can read them) on posts and articles.
 */
export const reactions: Area = {
  name: 'reactions',
  async fill(ctx) {
    const { rand, below, pick, hash } = ctx.random;
    const members = memberCount(ctx);
    const postTotal = postCount(ctx);
    const articles = articleIds(ctx);
    const articleTotal = articles.last - articles.first + 1;
    const comments = ctx.count(commentsAtScale1, 50);
    const likes = ctx.count(likesAtScale1, 100);

    const commentsOnArticles = Math.round(comments * articleShare);
    await ctx.table(
      'comments',
      `insert into comments (target_type, target_id, author_id, text, created_at)
       select 'post', p.id, coalesce(m.user_id, 1 + ${below('c', 'comments.author', members)}),
         ${pick(commentTexts, 'c', 'comments.text')},
         least(${ctx.now}, p.created_at + make_interval(secs => ${below('c', 'comments.after', 3 * 86_400)}))
       from generate_series(1, ${comments - commentsOnArticles}) c
       join posts p on p.id = ${postTotal} - floor(${postTotal} * ${rand('c', 'comments.post')} ^ 1.5)::int
       left join bench_group_size gs on gs.group_id = p.group_id
       left join bench_group_member m on m.group_id = p.group_id and m.nth = ${below('c', 'comments.author', 'gs.members')}
       order by 5`,
      `insert into comments (target_type, target_id, author_id, text, created_at)
       select 'news', a.id, 1 + ${below('c', 'comments.reader', members)}, ${pick(commentTexts, 'c', 'comments.text')},
         least(${ctx.now}, a.publish_date + make_interval(secs => ${below('c', 'comments.after', 5 * 86_400)}))
       from generate_series(1, ${commentsOnArticles}) c
       join pages a on a.id = ${articles.last} - floor(${articleTotal} * ${rand('c', 'comments.article')} ^ 2)::int
       where a.comments_allowed and a.publish_date <= ${ctx.now}
       order by 5`,
    );

    const perPost = (likes * (1 - articleShare)) / postTotal;
    const perArticle = (likes * articleShare) / articleTotal;
    /** floor(mean * Exp(1) + U(0,1)): on average `mean`, a few items far more. */
    const howMany = (key: string, mean: number) =>
      `floor(${mean} * -ln(1 - ${rand(key, 'likes.count')}) + ${rand(key, 'likes.round')})::int`;
    await ctx.table(
      'likes',
      `insert into likes (target_type, target_id, user_id, created_at)
       select 'post', p.id, coalesce(m.user_id, 1 + (${hash('p.id', 'likes.start')} + j * ${stride}) % ${members}),
         least(${ctx.now}, p.created_at + make_interval(secs => ${below('p.id * 64 + j', 'likes.after', 2 * 86_400)}))
       from posts p
       left join bench_group_size gs on gs.group_id = p.group_id
       cross join lateral generate_series(1, least(coalesce(gs.members, ${members}), ${howMany('p.id', perPost)})) j
       left join bench_group_member m
         on m.group_id = p.group_id and m.nth = (${hash('p.id', 'likes.start')} + j * ${stride}) % gs.members`,
      `insert into likes (target_type, target_id, user_id, created_at)
       select 'news', a.id, 1 + (${hash('a.id', 'likes.start')} + j * ${stride}) % ${members},
         least(${ctx.now}, a.publish_date + make_interval(secs => ${below('a.id * 1024 + j', 'likes.after', 5 * 86_400)}))
       from pages a
       cross join lateral generate_series(1, least(${members}, ${howMany('a.id', perArticle)})) j
       where a.type = 'article' and a.likes_allowed and a.publish_date <= ${ctx.now}`,
    );
  },
};
