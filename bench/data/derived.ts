import { refreshUserSearchVectors } from '../../packages/server/src/modules/users';
import type { Area } from './context';

/** The like and comment counter columns of a reaction target table, from the likes and comments of its type. */
function reactionCounts(table: 'posts' | 'pages', targetType: 'post' | 'news'): string {
  return `update ${table} t set like_count = r.likes, comment_count = r.comments
    from (
      select target_id, count(*) filter (where kind = 'like')::int as likes,
        count(*) filter (where kind = 'comment')::int as comments
      from (
        select target_id, 'like' as kind from likes where target_type = '${targetType}'
        union all
        select target_id, 'comment' from comments where target_type = '${targetType}'
      ) reactions
      group by target_id
    ) r
    where r.target_id = t.id`;
}

/**
 * What the server keeps from the rows themselves, filled once at the end instead of row by row: the
 * members' search documents (by the users module), the reaction counters, the posts' file and mention
 * counts, the groups' member counts and the listed members' date counts (the triggers that keep them
 * were off during the bulk load), and every identity sequence past the ids written explicitly.
 */
export const derived: Area = {
  name: 'derived data',
  async fill(ctx) {
    await ctx.step('users.search_vector', () => refreshUserSearchVectors(ctx.db));
    // Posts got theirs as they were made (posts.ts); the other documents of the search, as the triggers of
    // migrations 0012 and 0035 (files) would have made them.
    await ctx.step(
      'search documents',
      'update groups set search_vector = plaza_named_search_vector(name, description)',
      'update topics set search_vector = plaza_named_search_vector(name, description)',
      'update pages set search_vector = plaza_page_search_vector(title, teaser, content, translations, modules)',
      'update files set search_vector = plaza_file_search_vector(name)',
    );
    await ctx.step(
      'posts counters',
      reactionCounts('posts', 'post'),
      `update posts p set file_count = c.n
        from (select post_id, count(*)::int as n from post_files where post_id is not null group by post_id) c
        where c.post_id = p.id`,
      `update posts p set mention_count = c.n
        from (select post_id, count(*)::int as n from post_mentions group by post_id) c
        where c.post_id = p.id`,
    );
    // The counters' update wrote every post anew, in the order of its join: the table lay scrambled (the
    // newest 2,000 posts on 2,000 different pages) and twice its size. A community's posts lie in the order
    // they were written, a few to a page: rewritten in id order (= time order), as such a table is.
    await ctx.step('posts in time order', 'cluster posts using posts_pkey');
    await ctx.step('pages counters', reactionCounts('pages', 'news'));
    await ctx.step(
      'group member counts',
      `update groups g set member_count = c.n
        from (select group_id, count(*)::int as n from group_memberships where status = 'accepted' group by group_id) c
        where c.group_id = g.id`,
    );
    await ctx.step(
      'listed date counts',
      `update listed_date_counts set birthdays = c.births, entry_dates = c.entries
        from (select count(birthday)::int as births, count(entry_date)::int as entries from users
              where agb_nda_accepted and deactivated_at is null) c`,
    );
    await ctx.step(
      'identity sequences',
      `do $$
       declare c record;
       begin
         for c in select table_name, column_name from information_schema.columns
                  where table_schema = 'public' and is_identity = 'YES' loop
           execute format('select setval(pg_get_serial_sequence(%L, %L), coalesce((select max(%I) from %I), 0) + 1, false)',
             c.table_name, c.column_name, c.column_name, c.table_name);
         end loop;
       end $$`,
    );
  },
};
