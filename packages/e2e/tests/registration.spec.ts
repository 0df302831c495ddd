// Registration (issue 50): a visitor at phone width (390 px) comes from the sign-in page's registration
// tile, chooses a subscription and a gift, pays by invoice, reads the confirmation mail the server wrote,
// confirms, signs in with the username the mail names, finds the subscription in the settings drawer's
// billing view and cancels it (the dialog names the end first); a basic sign-up (account and terms only)
// with the settings switched through the administrator's API; the confirmation link used twice; axe on
// the registration page and the billing page; a former subscriber (whose account was deleted, the
// subscription kept) registers again with the subscriber number. Each sign-up uses an address of its own.
import { expect, type Page, test } from '@playwright/test';
import {
  acceptCookies,
  anonymousApi,
  expectAccessible,
  type Lang,
  members,
  setSettings,
  stateOf,
} from '../fixtures/plaza';
import { mailsTo } from '../fixtures/shop';

const phone = { width: 390, height: 844 };
const shots = process.env.REG_SHOTS_DIR;

const texts = {
  de_DE: {
    tile: 'Jetzt registrieren',
    next: 'Weiter',
    submit: 'Registrieren',
    email: /^E-Mail/,
    password: /^Passwort/,
    firstname: /^Vorname/,
    lastname: /^Nachname/,
    street: /^Straße/,
    houseNumber: /^Hausnummer/,
    zip: /^Postleitzahl/,
    city: /^Ort/,
    invoice: 'Rechnung',
    terms: /Ich akzeptiere die Nutzungsbedingungen/,
    agbError: 'Bitte akzeptieren Sie die Nutzungsbedingungen, um fortzufahren.',
    checkMail: 'Schauen Sie in Ihr Postfach',
    confirmed: 'Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.',
    invalid: /Dieser Bestätigungslink ist ungültig/,
    toLogin: 'Zur Anmeldung',
    username: /Ihr Benutzername: (\S+)/,
    loginUser: 'Benutzername',
    loginPassword: 'Passwort',
    loginSubmit: 'Anmelden',
    openSettings: 'Einstellungen öffnen',
    billing: 'Abrechnung',
    cancel: 'Abo kündigen',
    cancelText: /endet es am/,
    cancelled: /Gekündigt: Ihr Abo läuft bis zum/,
  },
  en_GB: {
    tile: 'Register now',
    next: 'Next',
    submit: 'Register',
    email: /^Email/,
    password: /^Password/,
    firstname: /^First name/,
    lastname: /^Last name/,
    street: /^Street/,
    houseNumber: /^House number/,
    zip: /^Postcode/,
    city: /^City/,
    invoice: 'Invoice',
    terms: /I accept the terms of use/,
    agbError: 'Please accept the terms of use to continue.',
    checkMail: 'Check your mail',
    confirmed: 'Your email address is confirmed. You can now sign in.',
    invalid: /This confirmation link is invalid/,
    toLogin: 'Go to sign-in',
    username: /Your username: (\S+)/,
    loginUser: 'Username',
    loginPassword: 'Password',
    loginSubmit: 'Sign in',
    openSettings: 'Open settings',
    billing: 'Billing',
    cancel: 'Cancel subscription',
    cancelText: /it ends on/,
    cancelled: /Cancelled: your subscription runs until/,
  },
} as const;

const password = 'registered-in-e2e';

async function shot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
}

/**
 * "Next", until the step it leads to shows: a click that lands while the page still moves (right after a
 * full-page screenshot on a busy machine) is tried again, never one that already moved on.
 */
async function nextStep(page: Page, lang: Lang, step: RegExp): Promise<void> {
  await expect(async () => {
    if (!(await page.getByText(step).isVisible())) {
      await page.getByRole('button', { name: texts[lang].next, exact: true }).click();
    }
    await expect(page.getByText(step)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** Fills the account and the invoice address (Germany, the country the form starts with). */
async function fillAccount(page: Page, lang: Lang, email: string): Promise<void> {
  const t = texts[lang];
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password).fill(password);
  await page.getByLabel(t.firstname).fill('Rita');
  await page.getByLabel(t.lastname).fill('Register');
  await page.getByLabel(t.street).fill('Hauptstraße');
  await page.getByLabel(t.houseNumber).fill('12');
  await page.getByLabel(t.zip).fill('10115');
  await page.getByLabel(t.city).fill('Berlin');
}

/** The confirmation mail's decoded text (quoted-printable soft breaks and `=3D` undone). */
async function confirmationMail(email: string): Promise<{ link: string; text: string }> {
  let found: { link: string; text: string } | undefined;
  await expect
    .poll(() => {
      for (const mail of mailsTo(email).reverse()) {
        const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        const link = /https?:\/\/\S+\/registration\/confirm\?token=[\w-]+/.exec(text)?.[0];
        if (link) {
          found = { link, text };
          return true;
        }
      }
      return false;
    })
    .toBe(true);
  return found!;
}

/** Confirms through the mailed link and signs in with the username the mail names. */
async function confirmAndSignIn(page: Page, lang: Lang, email: string): Promise<string> {
  const t = texts[lang];
  const mail = await confirmationMail(email);
  const url = new URL(mail.link);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByText(t.confirmed)).toBeVisible();
  await shot(page, `registration-confirmed-${lang}`);
  const username = t.username.exec(mail.text)?.[1];
  expect(username, 'the mail names the username').toBeTruthy();
  await page.getByRole('link', { name: t.toLogin }).click();
  await page.getByLabel(t.loginUser).first().fill(username!);
  await page.getByLabel(t.loginPassword).first().fill(password);
  await page.getByRole('button', { name: t.loginSubmit, exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return `${url.pathname}${url.search}`;
}

test.describe('registration', () => {
  test.beforeEach(async ({ context, page }) => {
    await acceptCookies(context);
    await page.setViewportSize(phone);
  });

  test('a visitor registers with a subscription and a gift, pays by invoice, confirms, signs in and cancels in billing (de_DE)', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const lang = 'de_DE';
    const t = texts[lang];
    const email = `rita.advanced.${Date.now()}@example.com`;
    await page.goto(`/${lang}/login`);
    await page.getByRole('link', { name: t.tile }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/registration$`));

    // Subscription and a gift that comes with it.
    const options = page.getByRole('radiogroup').first();
    const option = options.getByRole('radio').first();
    await expect(option).toBeVisible();
    const optionName = (await option.locator('h3').textContent())?.trim() ?? '';
    await option.click();
    await expect(option).toHaveAttribute('aria-checked', 'true');
    const gifts = page.getByRole('radiogroup').nth(1).getByRole('radio');
    await expect(gifts.nth(1)).toBeVisible();
    await gifts.nth(1).check();
    await shot(page, `registration-subscription-${lang}`);
    await nextStep(page, lang, /Schritt 2 von 5/);

    // Personal data: nothing required.
    await nextStep(page, lang, /Schritt 3 von 5/);

    await fillAccount(page, lang, email);
    await shot(page, `registration-address-${lang}`);
    await nextStep(page, lang, /Schritt 4 von 5/);

    await page.getByRole('radio', { name: t.invoice }).check();
    await nextStep(page, lang, /Schritt 5 von 5/);

    // The terms are required.
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.getByText(t.agbError)).toBeVisible();
    await page.getByRole('checkbox', { name: t.terms }).check();
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.getByRole('heading', { name: t.checkMail })).toBeVisible();
    await shot(page, `registration-done-${lang}`);

    const confirmPath = await confirmAndSignIn(page, lang, email);

    // The settings' billing entry at phone width: the navigation's gear opens the settings.
    await page.getByRole('button', { name: 'Navigation öffnen' }).click();
    await page.getByRole('button', { name: t.openSettings }).click();
    await page.getByRole('link', { name: t.billing }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/billing$`));
    const card = page.getByRole('region', { name: optionName });
    await expect(card).toBeVisible();
    await shot(page, `billing-${lang}`);
    await card.getByRole('button', { name: t.cancel }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(t.cancelText)).toBeVisible();
    await dialog.getByRole('button', { name: t.cancel }).click();
    await expect(card.getByText(t.cancelled)).toBeVisible();
    await shot(page, `billing-cancelled-${lang}`);

    // The link works once.
    await page.goto(confirmPath);
    await expect(page.getByText(t.invalid)).toBeVisible();
  });

  test('a basic sign-up asks for the account and the terms only (en_GB)', async ({ page }) => {
    test.setTimeout(120_000);
    const lang = 'en_GB';
    const t = texts[lang];
    const email = `rita.basic.${Date.now()}@example.com`;
    await setSettings({ signup_configuration: { active: true, type: 'basic', active_login_types: [] } });
    try {
      await page.goto(`/${lang}/registration`);
      await expect(page.getByText('Step 1 of 2: Account and address')).toBeVisible();
      await fillAccount(page, lang, email);
      await shot(page, `registration-basic-${lang}`);
      await nextStep(page, lang, /Step 2 of 2/);
      await page.getByRole('checkbox', { name: t.terms }).check();
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.getByRole('heading', { name: t.checkMail })).toBeVisible();
      await confirmAndSignIn(page, lang, email);
    } finally {
      await setSettings({ signup_configuration: { active: true, type: 'advanced', active_login_types: [] } });
    }
  });

  test('an existing subscriber registers with the subscriber number and finds the subscription in billing (en_GB)', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const lang = 'en_GB';
    const t = texts[lang];
    // A subscription without a member: taken at registration, its account deleted since (the subscription
    // stays, free to link by its number and the invoice postcode).
    const former = `rita.former.${Date.now()}@example.com`;
    const api = await anonymousApi();
    const options = await (await api.get('/api/v2/shop/subscription_options?locale=en_GB')).json();
    const option = options.results?.[0] ?? options[0];
    const registered = await api.post('/api/v2/users/new', {
      headers: await api.csrf(),
      data: {
        agb: true,
        subscription_id: option.id,
        payment: { method: 'invoice' },
        selected_language: lang,
        invoice_address: {
          gender: null,
          firstname: 'Rita',
          lastname: 'Former',
          address: 'Hauptstraße',
          house_number: '12',
          zip: '10115',
          city: 'Berlin',
          country: 'DE',
          email: former,
          password,
        },
      },
    });
    expect(registered.status()).toBe(202);
    const mail = await confirmationMail(former);
    const token = new URL(mail.link).searchParams.get('token');
    expect(
      (
        await api.post('/api/v2/registration/confirm', { headers: await api.csrf(), data: { token } })
      ).status(),
    ).toBe(200);
    const username = t.username.exec(mail.text)?.[1];
    expect(
      (
        await api.post('/api/v2/auth/login', { headers: await api.csrf(), data: { username, password } })
      ).status(),
    ).toBe(200);
    const [subscription] = (await (await api.get('/billing-api/v1/subscriptions/mine')).json()).results;
    const userId = (await (await api.get('/api/v2/auth/is_authenticated')).json()).session.user.id;
    expect((await api.delete(`/api/v2/users/${userId}`, { headers: await api.csrf() })).status()).toBe(200);
    await api.dispose();

    const email = `rita.linked.${Date.now()}@example.com`;
    await page.goto(`/${lang}/registration`);
    await page.getByLabel('Subscriber number').fill(subscription.number);
    await nextStep(page, lang, /Step 2 of 5/);
    await nextStep(page, lang, /Step 3 of 5/);
    await fillAccount(page, lang, email);
    // No payment: the subscription is paid already.
    await nextStep(page, lang, /Step 5 of 5/);
    await page.getByRole('checkbox', { name: t.terms }).check();
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.getByRole('heading', { name: t.checkMail })).toBeVisible();
    await confirmAndSignIn(page, lang, email);

    await page.goto(`/${lang}/billing`);
    const card = page.getByRole('region', { name: subscription.name });
    await expect(card).toBeVisible();
    await expect(card.getByText(`Subscriber number ${subscription.number}`)).toBeVisible();
    await shot(page, `billing-linked-${lang}`);
  });

  test('the registration page passes axe', async ({ page }) => {
    await page.goto('/en_GB/registration');
    await expect(page.getByRole('radio').first()).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('billing', () => {
  test.use({ storageState: stateOf(members.anna) });

  test('the billing page passes axe', async ({ page, context }) => {
    await acceptCookies(context);
    await page.setViewportSize(phone);
    await page.goto('/en_GB/billing');
    await expect(page.getByRole('heading', { name: 'Link an existing subscription' })).toBeVisible();
    await shot(page, 'billing-empty-en_GB');
    await expectAccessible(page);
  });
});
