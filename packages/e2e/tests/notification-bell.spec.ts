// The notification bell (issue 47, point 2): Greta's page is open when Clara asks to join her group. The
// badge shows it live; opening the bell lists the request and reads it, so the badge goes; a second look
// still lists it, now read. Before, the request was gone after one look while the badge kept "1 ungelesen"
// over an empty list.
import { expect, test } from '@playwright/test';
import { createGroup } from '../fixtures/groups';
import { acceptCookies, apiAs, expectAccessible, members, stateOf } from '../fixtures/plaza';

const { groupAdmin: greta, groupApplicant: clara } = members;

test.use({ storageState: stateOf(greta) });
test.beforeEach(async ({ context }) => acceptCookies(context));

test('the bell lists a join request, reads it on opening, and keeps it listed', async ({ page }) => {
  const group = await createGroup(greta, 'approval', 'Glocke');
  // Whatever earlier walks left unread is read first (one feed page marks up to 100), so the count is Clara's.
  const own = await apiAs(greta);
  expect((await own.get('/api/v2/activities?per_page=100')).status()).toBe(200);
  await own.dispose();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/de_DE');
  await expect(page.getByRole('button', { name: 'Benachrichtigungen öffnen', exact: true })).toBeVisible();

  const applicant = await apiAs(clara);
  const asked = await applicant.post(`/api/v2/groups/${group.id}/request_approval`, {
    headers: await applicant.csrf(),
  });
  expect(asked.status()).toBeLessThan(300);
  await applicant.dispose();

  // Live: the badge counts the request.
  const bell = page.getByRole('button', { name: 'Benachrichtigungen öffnen, 1 ungelesen' });
  await expect(bell).toBeVisible();
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Benachrichtigungen' });
  const request = panel.getByRole('listitem').filter({ hasText: group.name });
  await expect(request).toBeVisible();
  await expect(request).toContainText('Neu:');
  await expectAccessible(page);
  // Seen, so read: the badge goes while the list is open (the page behind it is hidden from the tree).
  await expect(
    page.getByRole('button', { name: 'Benachrichtigungen öffnen', exact: true, includeHidden: true }),
  ).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // The second look: still listed, now read, and nothing counts as unread.
  const calm = page.getByRole('button', { name: 'Benachrichtigungen öffnen', exact: true });
  await expect(calm).toBeVisible();
  await calm.click();
  await expect(request).toBeVisible();
  await expect(request).not.toContainText('Neu:');
  await expect(panel.getByText('Noch keine Benachrichtigungen.')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Benachrichtigungen öffnen', exact: true })).toBeVisible();
});
