import * as client from 'openid-client';

/** How long the provider may take to answer one call (discovery, token, user info). */
const PROVIDER_TIMEOUT_MS = 5_000;
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface ClientSettings {
  issuer: string;
  client_id: string;
  /** The plain client secret, or null for a public client. */
  secret: string | null;
  /** Seconds the app's clock is ahead of the system clock (token expiry is judged by the app's time). */
  clockSkewSeconds: number;
}

/**
 * The provider's configuration from its discovery document. Plain HTTP only to the machine itself
 * (a local provider); every other issuer must use HTTPS.
 */
export function discoverProvider(settings: ClientSettings): Promise<client.Configuration> {
  const issuer = new URL(settings.issuer);
  const insecure = issuer.protocol === 'http:' && loopbackHosts.has(issuer.host.replace(/:\d+$/, ''));
  return client.discovery(
    issuer,
    settings.client_id,
    { [client.clockSkew]: settings.clockSkewSeconds },
    settings.secret ? client.ClientSecretBasic(settings.secret) : client.None(),
    {
      execute: insecure ? [client.allowInsecureRequests] : [],
      [client.customFetch]: (url, options) =>
        fetch(url, { ...options, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) } as RequestInit),
    },
  );
}

/** The parameters of an authorization code flow with PKCE, state and nonce. */
export async function newAuthorization() {
  const codeVerifier = client.randomPKCECodeVerifier();
  return {
    codeVerifier,
    codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier),
    state: client.randomState(),
    nonce: client.randomNonce(),
  };
}

export const { buildAuthorizationUrl } = client;

/**
 * Redeems the code of the provider's answer (`callbackUrl`), checking state, nonce, PKCE, issuer,
 * audience and expiry, and returns the ID token's claims with the user info's (same subject).
 */
export async function redeemCode(
  configuration: client.Configuration,
  callbackUrl: URL,
  checks: { codeVerifier: string; state: string; nonce: string },
): Promise<Record<string, unknown> & { sub: string }> {
  const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('no ID token');
  const userInfo = configuration.serverMetadata().userinfo_endpoint
    ? await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)
    : {};
  return { ...userInfo, ...claims };
}
