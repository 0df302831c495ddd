import { defaultLocale, isLocale, postPath } from '@plaza/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  comments,
  groups,
  likes,
  pageCategories,
  pages,
  postMentions,
  posts,
  topics,
  users,
} from '../db/schema';
import { insertActivityRow, worded } from '../modules/activities';
import { sanitizeArticleHtml, sanitizeRichText } from '../platform/html-sanitizer';
import type { ObjectStore } from '../platform/storage';
import { seedArticleImage } from './article-images';
import { demoArticleReactions, demoArticles, demoCategories, demoPosts } from './posts-data';

const HOUR_MS = 3600 * 1000;

type Person = { id: number; firstname: string; lastname: string; selected_language: string };

const mentionSpan = (person: Person) =>
  `<span data-type="mention" data-id="${person.id}" data-label="${person.firstname} ${person.lastname}">@${person.firstname} ${person.lastname}</span>`;

/**
 * Demo news and posts: categories, eight articles (three featured), posts in the demo groups and a
 * few for everyone, with mentions (and their activities), comments and likes. With a file store the
 * articles get generated pictures.
 */
export async function seedDemoPosts(db: Db, adminId: number, storage?: ObjectStore): Promise<void> {
  const people: Person[] = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      selected_language: users.selected_language,
    })
    .from(users)
    .where(ne(users.id, adminId))
    .orderBy(asc(users.id));
  const person = (index: number) => people[index % people.length]!;
  const now = Date.now();

  const categoryIds = new Map<string, number>();
  for (const [key, names] of Object.entries(demoCategories)) {
    const [row] = await db.insert(pageCategories).values({ key, names }).returning({ id: pageCategories.id });
    categoryIds.set(key, row!.id);
  }
  const articleIds: number[] = [];
  for (const [index, article] of demoArticles.entries()) {
    const imageId = storage
      ? await seedArticleImage(db, storage, adminId, article.category, index + 1)
      : null;
    const [row] = await db
      .insert(pages)
      .values({
        type: 'article',
        title: article.title,
        teaser: article.teaser,
        content: sanitizeArticleHtml(article.content),
        publish_date: new Date(now - article.daysAgo * 24 * HOUR_MS),
        author_id: adminId,
        author_name: article.authorName,
        image_id: imageId,
        category_id: categoryIds.get(article.category)!,
        visibility: 'members',
        comments_allowed: article.comments,
        likes_allowed: article.likes,
        featured: article.featured,
      })
      .returning({ id: pages.id });
    articleIds.push(row!.id);
  }
  for (const reaction of demoArticleReactions) {
    await react(db, 'news', articleIds[reaction.article]!, reaction, person, now);
  }

  for (const demo of demoPosts) {
    const author = person(demo.author);
    const mentioned = (demo.mentions ?? []).map(person);
    const html = demo.text.replace(/\{m(\d)\}/g, (_, i: string) => mentionSpan(mentioned[Number(i)]!));
    const place = demo.group ? await placeOf(db, demo.group, demo.topic) : { groupId: null, topicId: null };
    const createdAt = new Date(now - demo.hoursAgo * HOUR_MS);
    const [post] = await db
      .insert(posts)
      .values({
        author_id: author.id,
        written_by: author.id,
        group_id: place.groupId,
        topic_id: place.topicId,
        description: sanitizeRichText(html),
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning({ id: posts.id });
    for (const member of mentioned) {
      await db.insert(postMentions).values({ post_id: post!.id, user_id: member.id });
      const locale = isLocale(member.selected_language) ? member.selected_language : defaultLocale;
      await insertActivityRow(db, {
        user_id: member.id,
        actor_id: author.id,
        type: 'mention',
        ...(demo.group
          ? worded(locale, 'post_activities.mention_in_group', { name: nameOf(author), group: demo.group })
          : worded(locale, 'post_activities.mention', { name: nameOf(author) })),
        url: postPath(post!.id),
      });
    }
    await react(db, 'post', post!.id, demo, person, createdAt.getTime());
  }
}

const nameOf = (person: Person) => `${person.firstname} ${person.lastname}`;

/** The ids of a demo group and its topic by name. */
async function placeOf(db: Db, groupName: string, topicName: string | undefined) {
  const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.name, groupName));
  if (!group) throw new Error(`Demo group ${groupName} is missing`);
  if (!topicName) return { groupId: group.id, topicId: null };
  const [topic] = await db
    .select({ id: topics.id })
    .from(topics)
    .where(and(eq(topics.group_id, group.id), eq(topics.name, topicName)));
  return { groupId: group.id, topicId: topic?.id ?? null };
}

/** Likes and comments on an item, a little after it appeared. */
async function react(
  db: Db,
  type: 'news' | 'post',
  id: number,
  reactions: { likes: number[]; comments: { author: number; text: string }[] },
  person: (index: number) => Person,
  since: number,
) {
  for (const [i, index] of reactions.likes.entries()) {
    await db
      .insert(likes)
      .values({
        target_type: type,
        target_id: id,
        user_id: person(index).id,
        created_at: new Date(since + (i + 1) * 60_000),
      })
      .onConflictDoNothing();
  }
  for (const [i, comment] of reactions.comments.entries()) {
    await db.insert(comments).values({
      target_type: type,
      target_id: id,
      author_id: person(comment.author).id,
      text: comment.text,
      created_at: new Date(since + (i + 1) * 15 * 60_000),
    });
  }
}
