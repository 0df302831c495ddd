import { createHash, randomBytes } from 'node:crypto';
import { type ErrorCode, isLocale, type Locale, type SsoProviderKind } from '@plaza/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { systemClock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { startSession } from '../../platform/session';
import { createUser, findUserById, findUserByLogin, type UserRow } from '../users';
import { buildAuthorizationUrl, discoverProvider, newAuthorization, redeemCode } from './oidc-client';
import { callbackUrl } from './presenter';
import { type SsoProviderRow, ssoRepo } from './repo';
import { openSecret } from './secret-box';

type Deps = Pick<AppDeps, 'database' | 'config' | 'clock'>;
type Call = { request: FastifyRequest; reply: FastifyReply };

/** The browser's half of a sign-in under way: its `state`, readable by the callback path only. */
const stateCookie = 'plaza_sso';
const cookiePath = '/api/v2/auth/mocs';
/** How long a sign-in at the provider may take. */
const SIGN_IN_TTL_SECONDS = 600;

/** The failures the sign-in page explains; every other one is `sso_failed`, saying nothing of why. */
const toldCodes = new Set<ErrorCode>(['sso_domain_not_allowed', 'sso_no_account', 'account_deactivated']);
const failed = (code: ErrorCode = 'sso_failed') => new AppError(400, code, 'The single sign-on failed.');

const now = (deps: Deps) => (deps.clock ?? systemClock)();
const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** `path` when it is an app address of this site (not the API), else null. */
export function appPath(path: string | undefined, publicUrl: string): string | null {
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  try {
    const origin = new URL(publicUrl).origin;
    const url = new URL(path, origin);
    if (url.origin !== origin || url.pathname.startsWith('/api/')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The app's language of a path (`/en_GB/...`), else the call's. */
function languageOf(path: string | null, fallback: Locale): Locale {
  const first = path?.split('/')[1];
  return isLocale(first) ? first : fallback;
}

function redirectToSignIn(reply: FastifyReply, lang: Locale, code: ErrorCode) {
  return reply.redirect(`/${lang}/login?sso_error=${toldCodes.has(code) ? code : 'sso_failed'}`, 302);
}

/**
 * A client secret this instance cannot open: sealed under another key, as when instances with their own
 * data folders have no common `SSO_SECRET_KEY`. Signing in without it would fail only at the provider, after
 * the member signed in there, on every instance but the one that sealed it.
 */
class SealedWithAnotherKey extends Error {
  constructor(kind: string) {
    super(
      `the client secret of the ${kind} provider was sealed with another key: set the same SSO_SECRET_KEY on every instance and save the secret again`,
    );
    this.name = 'SealedWithAnotherKey';
  }
}

async function providerSettings(deps: Deps, provider: SsoProviderRow) {
  const secret = provider.client_secret ? openSecret(deps.config, provider.client_secret) : null;
  if (provider.client_secret && secret === null) throw new SealedWithAnotherKey(provider.kind);
  return discoverProvider({
    issuer: provider.issuer,
    client_id: provider.client_id,
    secret,
    clockSkewSeconds: Math.round((now(deps).getTime() - Date.now()) / 1000),
  });
}

/** Logs why a sign-in failed (for the operator; the browser learns only the code). */
function logFailure(request: FastifyRequest, caught: unknown) {
  const reason =
    caught instanceof AppError
      ? caught.code
      : caught instanceof Error
        ? `${caught.name}: ${caught.message}`
        : String(caught);
  // The operator's to fix (every sign-in fails so), not a member's mistake.
  if (caught instanceof SealedWithAnotherKey) request.log.error({ reason }, 'single sign-on failed');
  else request.log.warn({ reason }, 'single sign-on failed');
}

/** `GET auth/mocs`: sends the browser to the provider with a new state, nonce and PKCE challenge. */
export async function startSsoSignIn(
  deps: Deps,
  { request, reply }: Call,
  kind: SsoProviderKind,
  redirect: string | undefined,
) {
  const target = appPath(redirect, deps.config.publicUrl);
  const lang = languageOf(target, request.locale);
  try {
    const { db } = deps.database;
    const provider = await ssoRepo.provider(db, kind);
    if (!provider?.enabled) throw failed();
    const configuration = await providerSettings(deps, provider);
    const flow = await newAuthorization();
    const startedAt = now(deps);
    await ssoRepo.startLogin(
      db,
      {
        id: hashState(flow.state),
        provider: kind,
        code_verifier: flow.codeVerifier,
        nonce: flow.nonce,
        redirect: target,
        expires_at: new Date(startedAt.getTime() + SIGN_IN_TTL_SECONDS * 1000),
      },
      startedAt,
    );
    reply.setCookie(stateCookie, flow.state, {
      path: cookiePath,
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.config.secureCookies,
      maxAge: SIGN_IN_TTL_SECONDS,
    });
    const url = buildAuthorizationUrl(configuration, {
      redirect_uri: callbackUrl(deps.config.publicUrl),
      scope: [...new Set(['openid', ...provider.scopes])].join(' '),
      code_challenge: flow.codeChallenge,
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return reply.redirect(url.href, 302);
  } catch (caught) {
    logFailure(request, caught);
    return redirectToSignIn(reply, lang, caught instanceof AppError ? caught.code : 'sso_failed');
  }
}

/**
 * `GET auth/mocs/callback`: takes the sign-in under way of this browser (once), redeems the code,
 * finds or creates the member and signs them in. Every failure goes back to the sign-in page.
 */
export async function finishSsoSignIn(deps: Deps, { request, reply }: Call) {
  const { db } = deps.database;
  const state = request.cookies[stateCookie];
  reply.clearCookie(stateCookie, { path: cookiePath });
  const login = state ? await ssoRepo.takeLogin(db, hashState(state)) : undefined;
  const lang = languageOf(login?.redirect ?? null, request.locale);
  try {
    if (!state || !login || login.expires_at <= now(deps)) throw failed();
    const provider = await ssoRepo.provider(db, login.provider as SsoProviderKind);
    if (!provider?.enabled) throw failed();
    const configuration = await providerSettings(deps, provider);
    const answer = new URL(callbackUrl(deps.config.publicUrl));
    answer.search = new URL(request.url, 'http://callback').search;
    const claims = await redeemCode(configuration, answer, {
      codeVerifier: login.code_verifier,
      state,
      nonce: login.nonce,
    });
    const user = await memberFor(deps, provider, claims);
    if (user.deactivated_at) throw failed('account_deactivated');
    await startSession(db, request, reply, user.id, deps.config.secureCookies);
    return reply.redirect(login.redirect ?? `/${lang}`, 302);
  } catch (caught) {
    logFailure(request, caught);
    return redirectToSignIn(reply, lang, caught instanceof AppError ? caught.code : 'sso_failed');
  }
}

const claimText = (claims: Record<string, unknown>, name: string) => {
  const value = claims[name];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};

/**
 * The member of a provider account: the one linked earlier, else the one whose address the provider
 * confirmed (`email_verified`), then linked; else a new member when the provider creates members.
 */
async function memberFor(
  deps: Deps,
  provider: SsoProviderRow,
  claims: Record<string, unknown> & { sub: string },
): Promise<UserRow> {
  const { db } = deps.database;
  const kind = provider.kind as SsoProviderKind;
  const linked = await ssoRepo.linkedUser(db, kind, claims.sub);
  if (linked) {
    const user = await findUserById(db, linked);
    if (user) return user;
  }
  const email = claimText(claims, provider.claims.email)?.toLowerCase() ?? null;
  if (!email) throw failed('sso_no_account');
  const domain = email.split('@').pop() ?? '';
  if (provider.allowed_email_domains.length > 0 && !provider.allowed_email_domains.includes(domain)) {
    throw failed('sso_domain_not_allowed');
  }
  const existing = await findUserByLogin(db, 'email', email);
  if (existing) {
    // An address the provider did not confirm proves nothing: linking it would hand over the account.
    if (claims.email_verified !== true) throw failed('sso_no_account');
    await ssoRepo.link(db, kind, claims.sub, existing.id);
    return existing;
  }
  if (!provider.create_members) throw failed('sso_no_account');
  return db.transaction(async (tx) => {
    const username = await freeUsername(
      tx,
      claimText(claims, provider.claims.username) ?? email.split('@')[0]!,
    );
    const user = await createUser(
      tx,
      {
        username,
        email,
        // Never used: the member signs in through the provider (the hash below matches no password).
        password: randomBytes(24).toString('base64url'),
        firstname: claimText(claims, provider.claims.firstname)?.slice(0, 100) ?? undefined,
        lastname: claimText(claims, provider.claims.lastname)?.slice(0, 100) ?? undefined,
        agb_nda_accepted: false,
      },
      {},
      'sso',
    );
    await ssoRepo.link(tx, kind, claims.sub, user.id);
    return user;
  });
}

/** The claim's name as a username (letters, digits, `._-`), with a number added while it is taken. */
async function freeUsername(db: Parameters<typeof findUserByLogin>[0], wanted: string): Promise<string> {
  const base = (wanted.replace(/[^A-Za-z0-9._-]/g, '').slice(0, 40) || 'member').padEnd(3, '0');
  for (let attempt = 0; attempt < 20; attempt++) {
    const name = attempt === 0 ? base : `${base}${randomBytes(3).readUIntBE(0, 3) % 100_000}`;
    if (!(await findUserByLogin(db, 'username', name))) return name;
  }
  throw failed();
}
