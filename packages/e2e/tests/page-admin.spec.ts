// Page management: a superadmin opens it from the settings, builds a page from three modules (rich
// text, a gallery with an uploaded image, coachings), publishes it, and a member reads it at
// /{lang}/page/{id}. axe on the editor at 1280 px; a member neither gets the settings link nor the page.
import { expect, test } from '@playwright/test';
import { testPng } from '../fixtures/groups';
import { acceptCookies, expectAccessible, members, screenshot, stateOf } from '../fixtures/plaza';

test.beforeEach(async ({ context }) => acceptCookies(context));
test.use({ viewport: { width: 1280, height: 900 } });

test.describe('superadmin', () => {
  test.use({ storageState: stateOf(members.admin) });

  test('builds a page with three modules and publishes it; a member reads it', async ({ page, browser }) => {
    // Three uploads and forms and two axe passes on a long page: slow on a loaded 2-core machine.
    test.setTimeout(180_000);
    const title = `Company run ${Date.now()}`;
    await page.goto('/en_GB/groups');
    // The administration has its own place in the navigation (not the personal settings).
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link').click();
    await page
      .getByRole('navigation', { name: 'Administration sections' })
      .getByRole('link', { name: 'Pages' })
      .click();
    await expect(page).toHaveURL(/\/en_GB\/admin\/pages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();

    await page.getByRole('button', { name: 'New page' }).click();
    const dialog = page.getByRole('dialog', { name: 'New page' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('button', { name: 'Create page' }).click();
    await expect(page).toHaveURL(/\/en_GB\/admin\/pages\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    const addModule = async (type: string) => {
      await page.getByRole('button', { name: 'Add module' }).click();
      await page.getByRole('menuitem', { name: type, exact: true }).click();
    };

    // 1. Rich text.
    await addModule('Rich text');
    const text = page.getByRole('listitem', { name: 'Module 1: Rich text' });
    await text.getByRole('textbox', { name: 'Heading' }).fill('Join the run');
    await text
      .getByRole('textbox', { name: 'Text' })
      .fill('Ten kilometres along the river, every pace welcome.');

    // 2. A gallery with an uploaded image.
    await addModule('Gallery');
    const gallery = page.getByRole('listitem', { name: 'Module 2: Gallery' });
    await gallery
      .locator('input[type="file"]')
      .setInputFiles({ name: 'river.png', mimeType: 'image/png', buffer: await testPng(800, 450) });
    await expect(gallery.getByRole('img', { name: 'Image 1' })).toBeVisible();
    await gallery.getByRole('textbox', { name: 'Caption of image 1' }).fill('The river at the start');

    // 3. Coachings.
    await addModule('Coachings');
    const coachings = page.getByRole('listitem', { name: 'Module 3: Coachings' });
    await coachings.getByRole('textbox', { name: 'Name of coaching 1' }).fill('Running club');
    await coachings.getByRole('textbox', { name: 'Offer of coaching 1' }).fill('Interval training');
    await coachings.getByRole('textbox', { name: 'Link of coaching 1' }).fill('https://example.com/run');

    await expectAccessible(page);
    await screenshot(page, 'page-admin-editor-en_GB');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('The page is published.')).toBeVisible();
    await expect(page.getByText('Published', { exact: true })).toBeVisible();

    const context = await browser.newContext({
      storageState: stateOf(members.anna),
      viewport: { width: 1280, height: 900 },
    });
    await acceptCookies(context);
    const reader = await context.newPage();
    await reader.goto(`/en_GB/page/${id}`);
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(reader.getByRole('heading', { name: 'Join the run' })).toBeVisible();
    await expect(reader.getByText('Ten kilometres along the river, every pace welcome.')).toBeVisible();
    await expect(reader.getByRole('img', { name: 'The river at the start' })).toBeVisible();
    await expect(reader.getByRole('link', { name: 'Interval training' })).toHaveAttribute(
      'href',
      'https://example.com/run',
    );
    await expect(reader.getByText('Running club')).toBeVisible();
    await context.close();
  });

  test('the editor names its complaints and stays axe-clean with them (de_DE)', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/de_DE/manage_pages');
    await page.getByRole('button', { name: 'Neue Seite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Seite' });
    await dialog.getByRole('textbox', { name: 'Titel' }).fill(`Entwurf ${Date.now()}`);
    await dialog.getByRole('button', { name: 'Seite anlegen' }).click();
    await expect(page).toHaveURL(/\/de_DE\/admin\/pages\/\d+$/);
    await page.getByRole('button', { name: 'Modul hinzufügen' }).click();
    await page.getByRole('menuitem', { name: 'Fitness-Pass' }).click();
    await page.getByRole('textbox', { name: 'Link' }).fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Entwurf speichern' }).click();
    await expect(page.getByText('Bitte korrigieren Sie die 2 markierten Felder.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Überschrift' })).toBeFocused();
    await expectAccessible(page);
  });
});

test.describe('member', () => {
  test.use({ storageState: stateOf(members.anna) });

  test('has no page management link and is sent to 403', async ({ page }) => {
    await page.goto('/en_GB/groups');
    await page.getByRole('button', { name: 'Open settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await expect(settings.getByRole('link', { name: 'My profile' })).toBeVisible();
    await expect(settings.getByRole('link', { name: 'Manage pages' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Administration' })).toHaveCount(0);
    await page.goto('/en_GB/manage_pages');
    await expect(page).toHaveURL(/\/en_GB\/403$/);
  });
});
