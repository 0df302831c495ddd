// Single sign-on (issue 51): a person unknown to the community signs in through a local OpenID Connect
// provider (oidc-provider on a random port, never the internet) and is created as a member at that first
// sign-in; the sign-in page then asks only for the terms. The providers are put back afterwards.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { providerClient, startLocalProvider } from '../fixtures/oidc-provider';
import { acceptCookies, apiAs, baseURL, members } from '../fixtures/plaza';

const tag = randomBytes(3).toString('hex');
const account = {
  sub: `sso-${tag}`,
  email: `sso.${tag}@example.org`,
  email_verified: true,
  preferred_username: `sso.${tag}`,
  given_name: 'Olga',
  family_name: 'Oidc',
};
let provider: Awaited<ReturnType<typeof startLocalProvider>>;

async function configure(providers: unknown[]) {
  const api = await apiAs(members.admin);
  const response = await api.put('/api/v2/admin/sso', {
    headers: await api.csrf(),
    data: { providers, local_passwords: true },
  });
  expect(response.status(), await response.text()).toBe(200);
  await api.dispose();
}

test.beforeAll(async () => {
  provider = await startLocalProvider(`${baseURL}/api/v2/auth/mocs/callback`, [account]);
  await configure([
    {
      kind: 'oidc',
      enabled: true,
      issuer: provider.issuer,
      client_id: providerClient.client_id,
      client_secret: providerClient.client_secret,
      scopes: ['openid', 'email', 'profile'],
      claims: {
        username: 'preferred_username',
        firstname: 'given_name',
        lastname: 'family_name',
        email: 'email',
      },
      allowed_email_domains: ['example.org'],
      create_members: true,
      label: { de_DE: 'Mit dem Firmenkonto anmelden', en_GB: 'Sign in with the company account' },
    },
  ]);
});

test.afterAll(async () => {
  await configure([]);
  await provider?.close();
});

test('a new member signs in through the OpenID provider and is created at the first sign-in', async ({
  page,
  context,
}) => {
  await acceptCookies(context);
  await page.goto('/en_GB/login');
  await page.getByRole('link', { name: 'Sign in with the company account' }).click();
  // The provider's own (development) sign-in form.
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(account.sub);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();

  // Back in the community, signed in as the new member, who accepts the terms like anyone.
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/en_GB`));
  const session = await (await page.request.get('/api/v2/auth/is_authenticated')).json();
  expect(session.session.status).toBe('agb_pending');
  expect(session.session.user).toMatchObject({
    username: account.preferred_username,
    firstname: 'Olga',
    lastname: 'Oidc',
  });
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const after = await (await page.request.get('/api/v2/auth/is_authenticated')).json();
  expect(after.session.status).toBe('authenticated');
});
