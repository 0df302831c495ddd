import type { Post } from '@plaza/contract';
import type { Db } from '../src/db/client';
import { pageCategories, pages } from '../src/db/schema';
import type { TestClient } from './client';

/** The mention span the editor writes for a member. */
export function mentionOf(user: { id: number; firstname: string; lastname: string }): string {
  return `<span data-type="mention" data-id="${user.id}" data-label="${user.firstname} ${user.lastname}">@${user.firstname}</span>`;
}

/** Writes a post through the API and returns it; throws unless the server says 201. */
export async function writePost(client: TestClient, body: Record<string, unknown>): Promise<Post> {
  const response = await client.post('/api/v2/posts', body);
  if (response.statusCode !== 201) throw new Error(`post: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Changes settings through the API as a superadmin would. */
export async function putSettings(admin: TestClient, patch: Record<string, unknown>): Promise<void> {
  const response = await admin.put('/api/v2/settings', patch);
  if (response.statusCode !== 200) throw new Error(`settings: ${response.statusCode} ${response.body}`);
}

let categorySequence = 0;

/** A page category with German and English names. */
export async function buildCategory(db: Db, names = { de_DE: 'Unternehmen', en_GB: 'Company' }) {
  categorySequence += 1;
  const [row] = await db
    .insert(pageCategories)
    .values({ key: `category-${categorySequence}-${Date.now()}`, names })
    .returning();
  return row!;
}

/** A published news article (override any column). */
export async function buildArticle(db: Db, values: Partial<typeof pages.$inferInsert> = {}) {
  const [row] = await db
    .insert(pages)
    .values({
      type: 'article',
      title: 'Quarterly update',
      teaser: 'What happened this quarter',
      content: '<p>All hands on deck.</p>',
      publish_date: new Date(Date.now() - 60_000),
      ...values,
    })
    .returning();
  return row!;
}
