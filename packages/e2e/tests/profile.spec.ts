// The profile: a member edits their own profile with a new avatar and a birthday whose year they
// hide, and sees it kept after a reload; another member sees the birthday without the year (the
// API sends no year either) on the profile and among the occasions, is not offered editing and is
// refused by the API; axe on both variants and the edit overlay; screenshots at 390, 1024 and
// 1366 px in German and English (one test per view: the own profile, the edit overlay, a guest's
// view), kept under test-results/screenshots to look at by hand. Paula and Victor use their saved
// sessions.
import { expect, test } from '@playwright/test';
import { testPng, userIdOf } from '../fixtures/groups';
import {
  acceptCookies,
  animationsSettled,
  apiAs,
  expectAccessible,
  type Lang,
  type Member,
  members,
  screenshot,
  setSettings,
  stateOf,
} from '../fixtures/plaza';

const { profileOwner: paula, profileViewer: victor } = members;

test.beforeEach(async ({ context }) => acceptCookies(context));

/** Edits a member's own profile through the API (the state a walk starts from). */
async function editProfileByApi(member: Member, body: Record<string, unknown>): Promise<number> {
  const id = await userIdOf(member);
  const api = await apiAs(member);
  const response = await api.put(`/api/v2/users/${id}`, { headers: await api.csrf(), data: body });
  expect(response.status()).toBe(200);
  await api.dispose();
  return id;
}

/** Gives a member an avatar through the API: upload, then a square crop. */
async function avatarByApi(member: Member): Promise<void> {
  const id = await userIdOf(member);
  const api = await apiAs(member);
  const upload = await api.post(`/api/v2/users/${id}/image`, {
    headers: await api.csrf(),
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: await testPng(640, 480) } },
  });
  expect(upload.status()).toBe(201);
  const image = await upload.json();
  const crop = await api.put(`/api/v2/users/${id}/image/${image.id}`, {
    headers: await api.csrf(),
    data: { coordinates: { x: 80, y: 0, width: 480, height: 480 } },
  });
  expect(crop.status()).toBe(200);
  await api.dispose();
}

const richProfile = (lang: Lang) =>
  lang === 'de_DE'
    ? {
        title: 'Dr.',
        position: 'Leiterin Forschung',
        locations: ['Hamburg', 'Berlin'],
        areas: ['Forschung', 'Innovation'],
        skills: ['Statistik', 'Python', 'Moderation'],
        languages: ['Deutsch', 'Englisch', 'Spanisch'],
        special_tasks: ['Ersthelferin', 'Brandschutz'],
        careers: [
          { title: 'Analystin', company: 'Nordlicht GmbH', from: '2015-03', to: '2019-08' },
          { title: 'Leiterin Forschung', company: 'Plaza AG', from: '2019-09', to: null },
        ],
        birthday: '17/05/1990',
        is_birth_year_visible: false,
      }
    : {
        title: 'Dr.',
        position: 'Head of Research',
        locations: ['Hamburg', 'Berlin'],
        areas: ['Research', 'Innovation'],
        skills: ['Statistics', 'Python', 'Facilitation'],
        languages: ['German', 'English', 'Spanish'],
        special_tasks: ['First aider', 'Fire safety'],
        careers: [
          { title: 'Analyst', company: 'Northern Lights Ltd', from: '2015-03', to: '2019-08' },
          { title: 'Head of Research', company: 'Plaza plc', from: '2019-09', to: null },
        ],
        birthday: '17/05/1990',
        is_birth_year_visible: false,
      };

test.describe('Paula on her own profile', () => {
  test.use({ storageState: stateOf(paula) });

  test('a member edits their own profile with a new avatar and a birthday with a hidden year', async ({
    page,
  }) => {
    await editProfileByApi(paula, { birthday: null, is_birth_year_visible: true, position: null });
    await page.goto('/en_GB');
    const drawer = page.locator('.MuiDrawer-docked');
    await drawer.getByRole('link', { name: 'Paula Profil' }).click();
    await expect(page).toHaveURL(/\/en_GB\/who_is_who\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Paula Profil' })).toBeVisible();

    // A new avatar: upload a real PNG, crop, save; it shows in the header and in the drawer.
    await page.getByRole('button', { name: 'Change picture' }).click();
    const upload = page.getByRole('dialog', { name: 'Change picture' });
    await upload.getByTestId('image-file-input').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await testPng(640, 480),
    });
    await expect(upload.getByRole('slider', { name: 'Zoom' })).toBeVisible();
    await expect(upload.getByRole('button', { name: 'Save image' })).toBeEnabled();
    await upload.getByRole('button', { name: 'Save image' }).click();
    await expect(upload).toBeHidden();
    const avatar = page.getByRole('img', { name: 'Picture of Paula Profil' });
    await expect(avatar).toBeVisible();
    const src = await avatar.getAttribute('src');
    expect(src).toMatch(/^\/uploads\/images\/[0-9a-f]+\.webp$/);
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expect(drawer.locator(`img[src="${src}"]`)).toBeVisible();

    // The edit overlay: position, a birthday typed with dots, the year hidden, a new skill.
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const form = page.getByRole('dialog', { name: 'Edit profile' });
    await form.getByRole('textbox', { name: 'Position' }).fill('Head of Research');
    const birthday = form.getByRole('textbox', { name: 'Birthday' });
    await birthday.fill('31.02.1990');
    await birthday.blur();
    await expect(form.getByText('This date does not exist.')).toBeVisible();
    await birthday.fill('17.05.1990');
    await birthday.blur();
    await expect(form.getByText('This date does not exist.')).toBeHidden();
    await form.getByRole('checkbox', { name: 'Show my year of birth to others' }).uncheck();
    await animationsSettled(page);
    await expectAccessible(page);
    await form.getByRole('tab', { name: 'Work' }).click();
    await form.getByRole('combobox', { name: 'Skills' }).fill('Statistics');
    await form.getByRole('combobox', { name: 'Skills' }).press('Enter');
    await expect(form.getByRole('button', { name: 'Statistics' })).toBeVisible();
    await animationsSettled(page);
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Your changes have been saved.' })).toBeVisible();

    const checkKept = async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Paula Profil' })).toBeVisible();
      await expect(page.getByText('Head of Research', { exact: true }).first()).toBeVisible();
      await expect(page.getByText('17th May 1990')).toBeVisible();
      await expect(page.getByText('Your year of birth is hidden from others.')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Work' }).getByText('Statistics')).toBeVisible();
      await expect(page.getByRole('img', { name: 'Picture of Paula Profil' })).toHaveAttribute('src', src!);
      await expect(drawer.locator(`img[src="${src}"]`)).toBeVisible();
    };
    await checkKept();
    await page.reload();
    await checkKept();
    await expectAccessible(page);
  });
});

test.describe("Victor on Paula's profile", () => {
  test.use({ storageState: stateOf(victor) });

  test('another member sees the birthday without the year and cannot edit the profile', async ({ page }) => {
    const paulaId = await editProfileByApi(paula, {
      birthday: '17/05/1990',
      is_birth_year_visible: false,
      position: 'Head of Research',
    });
    const body = await (await page.request.get(`/api/v2/users/${paulaId}`)).text();
    expect(JSON.parse(body).birthday).toBe('--05-17');
    expect(body).not.toContain('1990');
    // The page comes with the profile drawn and its data in it: without the year as well.
    const response = await page.goto(`/en_GB/who_is_who/${paulaId}`);
    const html = await response!.text();
    const [, drawnData = ''] =
      /<script id="plaza-first-queries" type="application\/json">([^<]*)<\/script>/.exec(html) ?? [];
    expect(drawnData).toContain('"birthday":"--05-17"');
    expect(drawnData).not.toContain('1990');

    await expect(page.getByRole('heading', { level: 1, name: 'Paula Profil' })).toBeVisible();
    await expect(page.getByText('17th May', { exact: true })).toBeVisible();
    await expect(page.getByText(/1990/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit profile' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Change picture' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete account' })).toHaveCount(0);
    await expectAccessible(page);

    // Following works from the profile.
    await page.getByRole('button', { name: 'Follow' }).click();
    await expect(page.getByRole('status')).toContainText('You now follow Paula Profil.');
    await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
    await page.getByRole('button', { name: 'Unfollow' }).click();
    await expect(page.getByRole('button', { name: 'Follow' })).toBeVisible();

    // The API refuses what the page does not offer.
    const api = await apiAs(victor);
    const headers = await api.csrf();
    expect(
      (await api.put(`/api/v2/users/${paulaId}`, { headers, data: { position: 'Hacked' } })).status(),
    ).toBe(403);
    expect((await api.delete(`/api/v2/users/${paulaId}`, { headers })).status()).toBe(403);
    const upload = await api.post(`/api/v2/users/${paulaId}/image`, {
      headers,
      multipart: { file: { name: 'x.png', mimeType: 'image/png', buffer: await testPng(64, 64) } },
    });
    expect(upload.status()).toBe(403);
    await api.dispose();
    const own = await apiAs(paula);
    const kept = await (await own.get(`/api/v2/users/${paulaId}`)).json();
    expect(kept.position).toBe('Head of Research');
    await own.dispose();

    // The birthday shows among the occasions as well, without the year there too.
    const occasions = await page.goto('/en_GB/occasions?query=Paula');
    const [, drawnOccasions = ''] =
      /<script id="plaza-first-queries" type="application\/json">([^<]*)<\/script>/.exec(
        await occasions!.text(),
      ) ?? [];
    expect(drawnOccasions).toContain('Paula');
    expect(drawnOccasions).not.toContain('1990');
    const occasion = page.getByRole('listitem').filter({ hasText: 'Paula Profil' });
    await expect(occasion).toHaveCount(1);
    await expect(occasion).toContainText('Birthday');
    await expect(occasion).toContainText('17th May');
    await expect(occasion).not.toContainText(/1990|turns/);
  });
});

test.describe('Paula and a guest', () => {
  test.use({ storageState: stateOf(paula) });

  test('the column layout of profile_section_variant is accessible for the owner and for guests', async ({
    page,
    browser,
  }) => {
    const paulaId = await editProfileByApi(paula, richProfile('en_GB'));
    await setSettings({ profile_options: { profile_section_variant: 'variant' } });
    try {
      await page.goto(`/en_GB/who_is_who/${paulaId}`);
      await expect(page.getByRole('region', { name: 'Career' })).toBeVisible();
      await expect(page.locator('section.MuiCard-root')).toHaveCount(0);
      await expectAccessible(page);
      await screenshot(page, 'profile-columns-en_GB');

      // Every tab of the edit overlay passes axe, the private-data tabs included.
      await page.getByRole('button', { name: 'Edit profile' }).click();
      const form = page.getByRole('dialog', { name: 'Edit profile' });
      for (const [tab, ready] of [
        ['More', form.getByRole('combobox').first()],
        ['Addresses', form.getByRole('form', { name: 'Delivery address' })],
        ['Children', form.getByRole('button', { name: 'Add child' })],
      ] as const) {
        await form.getByRole('tab', { name: tab }).click();
        await expect(ready).toBeVisible();
        await animationsSettled(page);
        await expectAccessible(page);
        await screenshot(page, `profile-edit-${tab.toLowerCase()}-en_GB`);
      }
      await form.getByRole('button', { name: 'Close' }).click();
      await expect(form).toBeHidden();

      const context = await browser.newContext({ locale: 'en-GB', storageState: stateOf(victor) });
      await acceptCookies(context);
      const guest = await context.newPage();
      await guest.goto(`/en_GB/who_is_who/${paulaId}`);
      await expect(guest.getByRole('region', { name: 'Career' })).toBeVisible();
      await expectAccessible(guest);
      await context.close();
    } finally {
      await setSettings({ profile_options: { profile_section_variant: 'default' } });
    }
  });
});

const widths = [1366, 1024, 390];
const viewportOf = (width: number) => ({ width, height: width > 800 ? 900 : 844 });

for (const lang of ['de_DE', 'en_GB'] as Lang[]) {
  test.describe(`screenshots of the profile in ${lang}`, () => {
    const editLabel = lang === 'de_DE' ? 'Profil bearbeiten' : 'Edit profile';
    let paulaId = 0;
    test.beforeAll(async () => {
      paulaId = await editProfileByApi(paula, richProfile(lang));
      await avatarByApi(paula);
    });

    test.describe('as its owner', () => {
      test.use({ storageState: stateOf(paula) });

      test(`the own profile at every width in ${lang}: screenshots kept, then axe`, async ({ page }) => {
        for (const width of widths) {
          await page.setViewportSize(viewportOf(width));
          await page.goto(`/${lang}/who_is_who/${paulaId}`);
          await expect(page.getByRole('heading', { level: 1, name: 'Dr. Paula Profil' })).toBeVisible();
          await expect(page.locator('header img[src*="/uploads/images/"]')).toBeVisible();
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await screenshot(page, `profile-own-${lang}`);
        }
        await expectAccessible(page);
      });

      test(`the edit overlay at every width in ${lang}: screenshots kept, axe on each`, async ({ page }) => {
        for (const width of widths) {
          await page.setViewportSize(viewportOf(width));
          await page.goto(`/${lang}/who_is_who/${paulaId}`);
          await page.getByRole('button', { name: editLabel }).click();
          const form = page.getByRole('dialog', { name: editLabel });
          await expect(
            form.getByRole('textbox', { name: lang === 'de_DE' ? 'Geburtstag' : 'Birthday' }),
          ).toHaveValue(lang === 'de_DE' ? '17.05.1990' : '17/05/1990');
          await animationsSettled(page);
          await screenshot(page, `profile-edit-${lang}`);
          await form.getByRole('tab', { name: lang === 'de_DE' ? 'Arbeit' : 'Work' }).click();
          await animationsSettled(page);
          await screenshot(page, `profile-edit-work-${lang}`);
          await expectAccessible(page);
          await form.getByRole('button', { name: lang === 'de_DE' ? 'Abbrechen' : 'Cancel' }).click();
          await expect(form).toBeHidden();
        }
      });
    });

    test.describe('as a guest', () => {
      test.use({ storageState: stateOf(victor) });

      test(`another member's view at every width in ${lang}: screenshots kept, then axe`, async ({
        page,
      }) => {
        for (const width of widths) {
          await page.setViewportSize(viewportOf(width));
          await page.goto(`/${lang}/who_is_who/${paulaId}`);
          await expect(page.getByRole('heading', { level: 1, name: 'Dr. Paula Profil' })).toBeVisible();
          await expect(
            page.getByText(lang === 'de_DE' ? '17. Mai' : '17th May', { exact: true }),
          ).toBeVisible();
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await screenshot(page, `profile-guest-${lang}`);
        }
        await expectAccessible(page);
      });
    });
  });
}
