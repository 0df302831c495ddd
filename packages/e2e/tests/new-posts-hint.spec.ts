// Issue 47, points 1 and 6, with members side by side: a post written into a private group reaches
// its member's open dashboard and group page as a live "new posts" hint (a button in a polite live
// region, keyboard operable) and never the dashboard of a member outside the group, nor its writer's
// own; the post's link, for which this closed network fetches no preview, is kept and shown as a plain
// link card. German and English, 1280 and 390 px.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { addMember, createGroup } from '../fixtures/groups';
import {
  acceptCookies,
  apiAs,
  expectAccessible,
  type Member,
  members,
  screenshot,
  stateOf,
} from '../fixtures/plaza';

const { groupAdmin: writer, groupMember: reader, anna: outsider } = members;

async function pageOf(browser: Browser, member: Member, width: number): Promise<Page> {
  const context = await browser.newContext({
    storageState: stateOf(member),
    viewport: { width, height: 900 },
  });
  await acceptCookies(context);
  return context.newPage();
}

async function post(groupId: number, description: string, link?: string): Promise<string> {
  const api = await apiAs(writer);
  const response = await api.post('/api/v2/posts', {
    headers: await api.csrf(),
    data: {
      description: `<p>${description}</p>`,
      group_id: groupId,
      ...(link ? { preview: { url: link } } : {}),
    },
  });
  expect(response.status()).toBe(201);
  const body = await response.json();
  await api.dispose();
  return body.id as string;
}

test('open streams learn of new posts their member may read, and a link without preview stays', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const hidden = await createGroup(writer, 'private', 'Geheimrunde');
  await addMember(writer, hidden.id, reader);
  const open = await createGroup(writer, 'open', 'Offene Runde');

  const dashboard = await pageOf(browser, reader, 1280);
  const groupPage = await pageOf(browser, reader, 390);
  const outsiderPage = await pageOf(browser, outsider, 1280);
  const ownPage = await pageOf(browser, writer, 1280);
  await dashboard.goto('/de_DE');
  await groupPage.goto(`/en_GB/groups/${hidden.id}`);
  await outsiderPage.goto('/de_DE');
  await ownPage.goto('/de_DE');
  for (const page of [dashboard, outsiderPage, ownPage]) {
    await expect(page.getByRole('heading', { name: 'Neuigkeiten', exact: true })).toBeVisible();
  }
  await expect(groupPage.getByRole('heading', { name: 'Posts in this group' })).toBeVisible();
  // The sockets subscribe once the streams are shown; give them a moment to be confirmed.
  await dashboard.waitForTimeout(1000);

  const text = `Intern ${Date.now().toString(36)}`;
  const link = 'https://intranet.example.com/wiki/Dienstplan';
  await post(hidden.id, text, link);

  const hint = dashboard.getByRole('status').getByRole('button', { name: '1 neuer Beitrag' });
  await expect(hint).toBeVisible();
  const groupHint = groupPage.getByRole('status').getByRole('button', { name: '1 new post' });
  await expect(groupHint).toBeVisible();
  await screenshot(dashboard, 'new-posts-hint-de');
  await screenshot(groupPage, 'new-posts-hint-en');
  await expectAccessible(dashboard);

  // The outsider hears only of the open group's post; the writer of neither.
  await post(open.id, `Für alle ${Date.now().toString(36)}`);
  await expect(outsiderPage.getByRole('button', { name: '1 neuer Beitrag' })).toBeVisible();
  await expect(dashboard.getByRole('button', { name: '2 neue Beiträge' })).toBeVisible();
  await expect(ownPage.getByRole('button', { name: /neue[r]? Beitr/ })).toHaveCount(0);

  // By keyboard: the newest posts load, the hint goes, the focus lands on the stream's heading.
  await dashboard.getByRole('button', { name: '2 neue Beiträge' }).focus();
  await dashboard.keyboard.press('Enter');
  await expect(dashboard.getByText(text)).toBeVisible();
  await expect(dashboard.getByRole('button', { name: /neue[r]? Beitr/ })).toHaveCount(0);
  await expect(dashboard.getByRole('heading', { name: 'Neuigkeiten', exact: true })).toBeFocused();
  const card = dashboard.getByRole('figure', { name: 'Link zu intranet.example.com' });
  await expect(card.getByRole('link', { name: /intranet\.example\.com\/wiki\/Dienstplan/ })).toHaveAttribute(
    'href',
    link,
  );
  await expect(card.getByRole('link')).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await screenshot(dashboard, 'new-posts-loaded-de');

  await groupHint.click();
  const groupCard = groupPage.getByRole('figure', { name: 'Link to intranet.example.com' });
  await expect(groupCard).toBeVisible();
  await screenshot(groupPage, 'new-posts-loaded-en');
  await expectAccessible(groupPage);
  for (const page of [dashboard, groupPage, outsiderPage, ownPage]) await page.context().close();
});
