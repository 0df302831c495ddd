// The topic page's post stream: a post written in the topic's create-post box (group and topic
// fixed) shows in that topic's stream and on the group page, and not in another topic of the group.
import { expect, test } from '@playwright/test';
import { createGroup, createTopic } from '../fixtures/groups';
import { acceptCookies, expectAccessible, members, stateOf } from '../fixtures/plaza';

const { groupAdmin: greta } = members;

test.use({ storageState: stateOf(greta) });
test.beforeEach(async ({ context }) => acceptCookies(context));

test('a post written on a topic page shows in that topic and not in another one', async ({ page }) => {
  const group = await createGroup(greta, 'open', 'Topic streams');
  const harbour = await createTopic(greta, group.id, 'Harbour');
  const market = await createTopic(greta, group.id, 'Market');
  const text = `Boats come in at six ${Date.now().toString(36)}`;

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/en_GB/groups/${group.id}/topics/${harbour}`);
  const stream = page.getByRole('region', { name: 'Posts in this topic' });
  await expect(stream.getByText('No posts yet.')).toBeVisible();
  const box = page.getByRole('region', { name: 'Write a post' });
  await box.getByRole('button', { name: /What's new/ }).click();
  await box.getByRole('textbox', { name: 'Your post' }).click();
  await page.keyboard.type(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const card = stream.getByRole('article').filter({ hasText: text });
  await expect(card).toBeVisible();
  await expect(stream.getByText('No posts yet.')).toHaveCount(0);
  await expectAccessible(page);

  // Still there after a reload (from the server, not only the cache).
  await page.reload();
  await expect(stream.getByRole('article').filter({ hasText: text })).toBeVisible();

  // The other topic's stream does not have it.
  await page.goto(`/en_GB/groups/${group.id}/topics/${market}`);
  const other = page.getByRole('region', { name: 'Posts in this topic' });
  await expect(other.getByText('No posts yet.')).toBeVisible();
  await expect(other.getByText(text)).toHaveCount(0);

  // The group's stream holds the posts of all its topics.
  await page.goto(`/en_GB/groups/${group.id}`);
  const groupStream = page.getByRole('region', { name: 'Posts in this group' });
  await expect(groupStream.getByRole('article').filter({ hasText: text })).toBeVisible();
});
