import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** An account of the local provider: its subject and the claims it hands out. */
export interface ProviderAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
}

export interface LocalProvider {
  issuer: string;
  accounts: Map<string, ProviderAccount>;
  /**
   * Follows an authorization URL through the provider, signing in as `sub` (the development login form),
   * and returns the URL the provider sends the browser back to (the callback with code and state).
   */
  authorize(authorizationUrl: string, sub: string): Promise<URL>;
  close(): Promise<void>;
}

/** The ID tokens' lifetime at the local provider. */
export const idTokenTtlSeconds = 60;

export const providerClient = {
  client_id: 'plaza',
  client_secret: 'plaza-test-secret-of-the-local-provider',
};
/** A second client of the same provider, with the same redirect address (for a code issued to another client). */
export const otherClient = {
  client_id: 'other-app',
  client_secret: 'other-test-secret-of-the-local-provider',
};

/**
 * A real OpenID Connect provider (`oidc-provider`) on a random local port, with the development login
 * form and consent granted for the clients' scopes. `redirectUri` is the app's callback.
 */
export async function startLocalProvider(redirectUri: string): Promise<LocalProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clients = [providerClient, otherClient].map((client) => ({
    ...client,
    redirect_uris: [redirectUri],
    response_types: ['code' as const],
    grant_types: ['authorization_code'],
  }));
  const provider = new Provider(issuer, {
    clients,
    cookies: { keys: ['a local key of the test provider'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username', 'given_name', 'family_name'],
    },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: () => ({ ...account }) } : undefined;
    },
    // Consent is given: the login form is the only step.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: true } },
    // A minute: a test moves the app's clock past it (plus the client's tolerance) to see it refused.
    ttl: {
      IdToken: idTokenTtlSeconds,
      AccessToken: 600,
      Grant: 600,
      Interaction: 600,
      Session: 600,
      AuthorizationCode: 60,
    },
  });
  provider.on('server_error', () => undefined);
  server.on('request', provider.callback());

  async function authorize(authorizationUrl: string, sub: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    let method = 'GET';
    let body: string | undefined;
    for (let hop = 0; hop < 10; hop++) {
      if (!url.href.startsWith(issuer)) return url;
      const response = await fetch(url, {
        method,
        body,
        redirect: 'manual',
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const [name = '', ...value] = pair.split('=');
        jar.set(name.trim(), value.join('='));
      }
      const location = response.headers.get('location');
      if (location) {
        url = new URL(location, url);
        method = 'GET';
        body = undefined;
      } else if (response.status === 200 && url.pathname.startsWith('/interaction/')) {
        // The development login form: any login name signs in as that account.
        await response.text();
        body = new URLSearchParams({ prompt: 'login', login: sub, password: 'any' }).toString();
        method = 'POST';
      } else {
        throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
      }
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    accounts,
    authorize,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
