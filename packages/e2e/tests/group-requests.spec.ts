// Join requests in the group's manage-members dialog (issue 47, point 4): a member asks to join a group
// with approval; its admin finds the request under "Beitrittsanfragen (1)" and accepts it there, by
// keyboard; a plain member sees no such dialog and the server refuses them the list and the answer.
// Screenshots at 1280 and 390 px under test-results/screenshots.
import { expect, test } from '@playwright/test';
import { addMember, createGroup } from '../fixtures/groups';
import { acceptCookies, apiAs, expectAccessible, members, screenshot, stateOf } from '../fixtures/plaza';

const { groupAdmin: greta, groupMember: ben, groupApplicant: clara } = members;

test.use({ storageState: stateOf(greta) });
test.beforeEach(async ({ context }) => acceptCookies(context));

test('an admin answers a join request in the manage-members dialog; others are refused', async ({ page }) => {
  const group = await createGroup(greta, 'approval', 'Lesekreis');
  await addMember(greta, group.id, ben);
  const applicant = await apiAs(clara);
  const applied = await applicant.post(`/api/v2/groups/${group.id}/request_approval`, {
    headers: await applicant.csrf(),
  });
  expect(applied.status()).toBe(200);
  const membershipId = (await applied.json()).membership.id as number;
  await applicant.dispose();

  // A plain member: no dialog, and the server refuses the list and the answer.
  const member = await apiAs(ben);
  expect((await member.get(`/api/v2/groups/${group.id}/users?type=applications`)).status()).toBe(403);
  const refused = await member.put(`/api/v2/groups/applications/${membershipId}`, {
    headers: await member.csrf(),
  });
  expect(refused.status()).toBe(403);
  await member.dispose();

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.goto(`/de_DE/groups/${group.id}`);
    await page.getByRole('button', { name: 'Mitglieder verwalten' }).click();
    const manage = page.getByRole('dialog', { name: `Mitglieder von ${group.name} verwalten` });
    const tab = manage.getByRole('tab', { name: 'Beitrittsanfragen (1)' });
    await expect(tab).toBeVisible();
    await tab.click();
    await expect(manage.getByText('Clara Anfrage')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'group-requests-de_DE');
    await page.keyboard.press('Escape');
    await expect(manage).toBeHidden();
  }

  // By keyboard: from the selected tab to the requests tab, then to its accept button.
  await page.getByRole('button', { name: 'Mitglieder verwalten' }).click();
  const manage = page.getByRole('dialog', { name: `Mitglieder von ${group.name} verwalten` });
  await manage.getByRole('tab', { name: 'Alle' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(manage.getByRole('tab', { name: 'Beitrittsanfragen (1)' })).toBeFocused();
  await page.keyboard.press('Enter');
  const accept = manage.getByRole('button', { name: 'Annehmen' });
  await accept.focus();
  await page.keyboard.press('Enter');
  await expect(manage.getByText('Die Anfrage wurde angenommen.')).toBeVisible();
  await expect(manage.getByRole('tab', { name: 'Beitrittsanfragen (0)' })).toBeVisible();
  await expect(manage.getByText('Keine offenen Beitrittsanfragen')).toBeVisible();
  await manage.getByRole('tab', { name: 'Alle' }).click();
  await expect(manage.getByText('Clara Anfrage')).toBeVisible();
});
