// Walks through groups with two or three members in their own browsers: create with an image,
// invite and accept, apply and accept, suggest and create topics, leave and delete; and the same
// calls made through the API by members who lack the right, all refused.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { addMember, createGroup, testPng, userIdOf } from '../fixtures/groups';
import { acceptCookies, apiAs, expectAccessible, type Member, members, stateOf } from '../fixtures/plaza';

const { groupAdmin: greta, groupMember: ben, groupApplicant: clara } = members;

// Greta's saved session is the main page's; the others get browsers of their own.
test.use({ storageState: stateOf(greta) });
test.beforeEach(async ({ context }) => acceptCookies(context));

/** A second member in a browser of their own, with the member's saved session. */
async function browserOf(browser: Browser, member: Member, lang: 'de_DE' | 'en_GB' = 'en_GB'): Promise<Page> {
  const context = await browser.newContext({
    locale: lang === 'de_DE' ? 'de-DE' : 'en-GB',
    storageState: stateOf(member),
  });
  await acceptCookies(context);
  return context.newPage();
}

test('creates a group with an image and lands on its page', async ({ page }) => {
  await page.goto('/en_GB/groups');
  await page.getByRole('button', { name: 'Create group' }).click();
  const form = page.getByRole('dialog', { name: 'Create group' });
  const name = `Garden club ${Date.now().toString(36)}`;
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Description').fill('We grow vegetables together on the roof.');
  await form.getByRole('radio', { name: /^Private/ }).check();
  await form.getByRole('button', { name: 'Upload image' }).click();

  const upload = page.getByRole('dialog', { name: 'Group image' });
  await upload.getByTestId('image-file-input').setInputFiles({
    name: 'garden.png',
    mimeType: 'image/png',
    buffer: await testPng(),
  });
  await expect(upload.getByRole('slider', { name: 'Zoom' })).toBeVisible();
  await expect(upload.getByRole('button', { name: 'Save image' })).toBeEnabled();
  // The button fades from its disabled colours; axe measures contrast once that has settled.
  await expectAccessible(page);
  await upload.getByRole('button', { name: 'Save image' }).click();
  await expect(upload).toBeHidden();
  await expect(form.getByRole('img', { name: 'Preview of the group image' })).toBeVisible();
  await form.getByRole('button', { name: 'Create group' }).click();

  await expect(page).toHaveURL(/\/en_GB\/groups\/\d+/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Private group')).toBeVisible();
  const image = page.locator('main img[src*="/images/"]').first();
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test('invites a member through manage members, who accepts from the groups list', async ({
  page,
  browser,
}) => {
  const group = await createGroup(greta, 'private', 'Choir');
  await page.goto(`/en_GB/groups/${group.id}`);
  await page.getByRole('button', { name: 'Manage members' }).click();
  const manage = page.getByRole('dialog', { name: `Manage members of ${group.name}` });
  await manage.getByLabel('Search people to invite').fill('Ben');
  await page.getByRole('option', { name: /Ben Mitglied/ }).click();
  await manage.getByRole('button', { name: 'Invite (1)' }).click();
  await expect(page.getByText('1 invitation sent.')).toBeVisible();
  await manage.getByRole('tab', { name: 'Invitations', exact: true }).click();
  await expect(manage.getByText('Ben Mitglied')).toBeVisible();
  await expectAccessible(page);

  const benPage = await browserOf(browser, ben);
  await benPage.goto('/en_GB/groups');
  await benPage.getByRole('button', { name: `Answer the invitation to ${group.name}` }).click();
  const answer = benPage.getByRole('dialog');
  await expect(answer.getByText('Greta Gruppe invited you to join this group.')).toBeVisible();
  await answer.getByRole('button', { name: 'Accept' }).click();
  await expect(
    answer.getByText('You accepted the invitation and are now a member of the group.'),
  ).toBeVisible();
  await answer.getByRole('button', { name: 'Close' }).click();
  const own = benPage.getByRole('region', { name: 'My groups' });
  await expect(own.getByRole('link', { name: new RegExp(group.name) })).toBeVisible();
  await benPage.context().close();
});

test('a member applies to a group with approval and its admin accepts from the groups list', async ({
  page,
  browser,
}) => {
  const group = await createGroup(greta, 'approval', 'Book circle');
  const claraPage = await browserOf(browser, clara);
  await claraPage.goto('/en_GB/groups');
  await claraPage
    .getByRole('region', { name: 'Public groups' })
    .getByRole('button', { name: new RegExp(group.name) })
    .click();
  const join = claraPage.getByRole('dialog', { name: group.name });
  await expect(join.getByText('An admin of this group decides on your request.')).toBeVisible();
  await join.getByRole('button', { name: 'Request to join' }).click();
  await expect(join.getByText(/You asked to join this group/)).toBeVisible();
  await join.getByRole('button', { name: 'Close' }).click();

  await page.goto('/en_GB/groups');
  await page
    .getByRole('button', { name: `Answer the request of Clara Anfrage to join ${group.name}` })
    .click();
  const answer = page.getByRole('dialog');
  await expect(answer.getByText('Clara Anfrage would like to join this group.')).toBeVisible();
  await answer.getByRole('button', { name: 'Accept' }).click();
  await expect(
    answer.getByText('You accepted the request. Clara Anfrage is now a member of the group.'),
  ).toBeVisible();

  await claraPage.goto(`/en_GB/groups/${group.id}`);
  await expect(claraPage.getByRole('button', { name: 'Leave group' })).toBeVisible();
  await claraPage.goto('/en_GB/groups');
  await expect(
    claraPage.getByRole('region', { name: 'My groups' }).getByRole('link', { name: new RegExp(group.name) }),
  ).toBeVisible();
  await claraPage.context().close();
});

test('a member suggests a topic, the admin accepts it and creates one directly', async ({
  page,
  browser,
}) => {
  const group = await createGroup(greta, 'open', 'Running team');
  await addMember(greta, group.id, ben);

  const benPage = await browserOf(browser, ben);
  await benPage.goto(`/en_GB/groups/${group.id}`);
  await expect(benPage.getByRole('button', { name: 'Manage members' })).toHaveCount(0);
  await benPage.getByRole('button', { name: 'Suggest topic' }).click();
  const suggest = benPage.getByRole('dialog', { name: 'Suggest topic' });
  await suggest.getByLabel('Title').fill('Sunday long run');
  await suggest.getByLabel('Description').fill('Twenty kilometres along the river.');
  await suggest.getByRole('button', { name: 'Send suggestion' }).click();
  await expect(benPage.getByText("Your suggestion has been sent to the group's admins.")).toBeVisible();
  await benPage.context().close();

  await page.goto('/en_GB/groups');
  await page.getByRole('button', { name: 'Show suggestions' }).click();
  const suggestions = page.getByRole('dialog', { name: 'Topic suggestions' });
  await expect(suggestions.getByRole('heading', { name: 'Sunday long run' })).toBeVisible();
  await expectAccessible(page);
  await suggestions.getByRole('button', { name: 'Accept the suggestion Sunday long run' }).click();
  // The success snackbar is off by default (show_system_notification_message); the list empties.
  await expect(suggestions.getByText('No topic suggestions are waiting.')).toBeVisible();
  await suggestions.getByRole('button', { name: 'Close' }).click();

  await page.goto(`/en_GB/groups/${group.id}`);
  await expect(page.getByRole('link', { name: /Sunday long run/ })).toBeVisible();
  await page.getByRole('button', { name: 'Create topic' }).click();
  const create = page.getByRole('dialog', { name: 'Create topic' });
  await create.getByLabel('Title').fill('Interval training');
  await create.getByLabel('Description').fill('Tuesdays on the track.');
  await create.getByRole('button', { name: 'Create' }).click();
  // Creating a topic stays on the group page with a notice; the new topic opens from its tab.
  await expect(page.getByText('The topic has been created.')).toBeVisible();
  await page.getByRole('link', { name: /Interval training/ }).click();
  await expect(page).toHaveURL(/\/en_GB\/groups\/\d+\/topics\/\d+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Interval training' })).toBeVisible();
});

test('a member leaves the group and its admin deletes it', async ({ page, browser }) => {
  const group = await createGroup(greta, 'open', 'Chess');
  await addMember(greta, group.id, ben);

  const benPage = await browserOf(browser, ben);
  await benPage.goto(`/en_GB/groups/${group.id}`);
  await benPage.getByRole('button', { name: 'Leave group' }).click();
  const leave = benPage.getByRole('dialog', { name: 'Leave group?' });
  await expect(leave.getByText(`Do you really want to leave “${group.name}”?`)).toBeVisible();
  await leave.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(benPage).toHaveURL(/\/en_GB\/groups$/);
  const own = benPage.getByRole('region', { name: 'My groups' });
  await expect(own).toBeVisible();
  await expect(own.getByRole('link', { name: new RegExp(group.name) })).toHaveCount(0);
  const former = await apiAs(ben);
  expect((await (await former.get(`/api/v2/groups/${group.id}`)).json()).membership).toBeNull();
  await former.dispose();
  await benPage.context().close();

  await page.goto(`/en_GB/groups/${group.id}`);
  await page.getByRole('button', { name: 'Delete group' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete group?' });
  await remove.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/en_GB\/groups$/);
  await expect(page.getByRole('heading', { name: group.name })).toHaveCount(0);
  const api = await apiAs(greta);
  expect((await api.get(`/api/v2/groups/${group.id}`)).status()).toBe(404);
  await api.dispose();
});

test('refuses managing, deleting and reading through the API to those who lack the right', async () => {
  const group = await createGroup(greta, 'private', 'Board');
  await addMember(greta, group.id, ben);
  const claraId = await userIdOf(clara);

  const member = await apiAs(ben);
  const invite = await member.post(`/api/v2/groups/${group.id}/invitations`, {
    headers: await member.csrf(),
    data: { users: [claraId] },
  });
  expect(invite.status()).toBe(403);
  const remove = await member.delete(`/api/v2/groups/${group.id}`, { headers: await member.csrf() });
  expect(remove.status()).toBe(403);
  await member.dispose();

  const outsider = await apiAs(clara);
  expect((await outsider.get(`/api/v2/groups/${group.id}`)).status()).toBe(404);
  await outsider.dispose();

  const admin = await apiAs(greta);
  expect((await admin.get(`/api/v2/groups/${group.id}`)).status()).toBe(200);
  await admin.dispose();
});
