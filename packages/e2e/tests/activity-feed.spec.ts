// The activity feed's overlay for memberships: an invitation arrives as an activity with a
// "View invitation" button; the overlay opened from it accepts the invitation, after which the
// button is gone and the group is among the member's own groups. Axe on the feed and the overlay.
import { expect, test } from '@playwright/test';
import { createGroup, inviteMember } from '../fixtures/groups';
import { acceptCookies, expectAccessible, members, stateOf } from '../fixtures/plaza';

const { groupAdmin: greta, groupApplicant: clara } = members;

test.use({ storageState: stateOf(clara) });
test.beforeEach(async ({ context }) => acceptCookies(context));

test('an invitation in the activity feed opens the overlay, which accepts it', async ({ page }) => {
  const group = await createGroup(greta, 'private', 'Feed invitation');
  await inviteMember(greta, group.id, clara);

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/en_GB/activity_feed');
  await expect(page.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
  // The activity's text is in the member's own language (Clara's is German); the group name is unique.
  const item = page.getByRole('listitem').filter({ hasText: group.name });
  const view = item.getByRole('button', { name: 'View invitation' });
  await expect(view).toBeVisible();
  await expectAccessible(page);

  await view.click();
  const overlay = page.getByRole('dialog');
  await expect(overlay.getByText('Greta Gruppe invited you to join this group.')).toBeVisible();
  await expect(overlay.getByText(group.name)).toBeVisible();
  await expectAccessible(page);
  await overlay.getByRole('button', { name: 'Accept' }).click();
  await expect(
    overlay.getByText('You accepted the invitation and are now a member of the group.'),
  ).toBeVisible();
  await overlay.getByRole('button', { name: 'Close' }).click();
  await expect(overlay).toBeHidden();

  // The invitation is answered: the activity stays, its button is gone.
  await expect(item).toBeVisible();
  await expect(view).toHaveCount(0);
  await page.goto('/en_GB/groups');
  const own = page.getByRole('region', { name: 'My groups' });
  await expect(own.getByRole('link', { name: new RegExp(group.name) })).toBeVisible();
});
