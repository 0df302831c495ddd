import {
  type AuthSession,
  inviteLinkTtlSeconds,
  type LoginInput,
  type LoginResponse,
  type ResetPasswordInput,
  resetLinkTtlSeconds,
} from '@plaza/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError, forbidden, unauthenticated } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { linkTokenHash, newLinkToken } from '../../platform/link-tokens';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/passwords';
import { rateLimiter } from '../../platform/rate-limit';
import { closeSessionSockets } from '../../platform/realtime';
import { endAllSessions, endSession, startSession } from '../../platform/session';
import { administrationMenuFor, getSettings, navigationFor, settingsMenuFor } from '../settings';
import { mayUsePassword, signInChoices } from '../sso';
import { findUserByLogin, ownView, presentUser, type UserRow } from '../users';
import { authRepo } from './repo';
import { recordSignInBurst } from './sign-in-burst';

type Deps = Pick<AppDeps, 'database' | 'bus' | 'mailer' | 'config' | 'clock'>;
type Call = { request: FastifyRequest; reply: FastifyReply };

/** The auth session the client holds: who is signed in, settings, menus. */
export async function authSession({ database }: Deps, request: FastifyRequest): Promise<AuthSession> {
  const { db } = database;
  const settings = await getSettings(db);
  const user = request.user;
  const status = !user ? 'anonymous' : user.agb_nda_accepted ? 'authenticated' : 'agb_pending';
  const [routes, settingsRoutes] =
    user && status === 'authenticated'
      ? await Promise.all([
          navigationFor(db, user, request.locale),
          settingsMenuFor(db, user, request.locale),
        ])
      : [[], []];
  return {
    status,
    user: user ? presentUser(user, ownView(user.id)) : null,
    selected_language: request.locale,
    location: user?.location_names[0] ?? null,
    allow_posts_without_grp_and_topic: settings.allow_posts_without_grp_and_topic,
    agb_nda_accepted: user?.agb_nda_accepted ?? false,
    message: null,
    settings,
    signup_config: {
      type: settings.signup_configuration.type === 'advanced' ? 'variant' : 'default',
      ...(await signInChoices(db, settings)),
    },
    routes,
    settingsRoutes,
    administrationRoutes:
      user && status === 'authenticated' ? administrationMenuFor(user, request.locale) : [],
    auth_redirect: user ? null : `/${request.locale}/login`,
  };
}

/**
 * Signs in by the identifier the settings name (username or email; the client may send it in either
 * field). Unknown accounts and wrong passwords look the same, and so does the throttling: it counts
 * failures per IP address and attempts per account name and address pair (a growing wait), never per
 * account, so it neither tells whether an account exists nor lets anyone lock a colleague out.
 */
export async function login(deps: Deps, { request, reply }: Call, input: LoginInput): Promise<LoginResponse> {
  const { db } = deps.database;
  const limiter = rateLimiter({ db, clock: deps.clock });
  const settings = await getSettings(db);
  const field = settings.login_options.login_identifier;
  const identifier = (field === 'email' ? (input.email ?? input.username) : (input.username ?? input.email))!;
  const address = `ip:${request.ip}`;

  await limiter.check('signInFailures', address);
  const delayStarts = await limiter.signInAttempt(identifier, request.ip);
  const user = await findUserByLogin(db, field, identifier);
  const valid = await verifyPassword(input.password, user?.password_hash ?? dummyPasswordHash);
  if (!user || !valid || user.deactivated_at) {
    // The failure that makes a throttle start refusing is a sign-in burst (once per throttle window).
    if (delayStarts)
      await recordSignInBurst(db, request, identifier, { throttle: 'account', ...delayStarts });
    const failures = await limiter.countFailure('signInFailures', address);
    if (failures.reachedMax) {
      await recordSignInBurst(db, request, address, {
        throttle: 'address',
        failures: failures.count,
        until: failures.resetAt,
      });
    }
    // Only the right password learns that the account was deactivated (and not to reset it); without it,
    // a deactivated account answers like any wrong password and tells nothing.
    if (user && valid) {
      throw new AppError(
        403,
        'account_deactivated',
        'This account has been deactivated. Please contact your administrator.',
      );
    }
    throw new AppError(401, 'invalid_credentials', 'The sign-in details are not correct.');
  }
  // Likewise a registration whose address is not confirmed yet: told only to the right password.
  if (!user.email_confirmed) {
    throw new AppError(
      403,
      'email_not_confirmed',
      'Please confirm your address first: open the link in the mail we sent you.',
    );
  }
  // With passwords switched off, only superadmins keep them (a broken provider cannot lock everyone out).
  if (!(await mayUsePassword(db, user))) {
    throw new AppError(403, 'password_sign_in_disabled', 'Please sign in through your organisation.');
  }
  await limiter.signInSucceeded(identifier, request.ip);
  await startSession(db, request, reply, user.id, deps.config.secureCookies);
  return {
    errors: [],
    agb_nda_accepted: user.agb_nda_accepted,
    status: 'ok',
    user: presentUser(user, ownView(user.id)),
    selected_language: request.locale,
    location: user.location_names[0] ?? null,
    allow_posts_without_grp_and_topic: settings.allow_posts_without_grp_and_topic,
  };
}

/** Ends the caller's session and closes its real-time connections. */
export async function logout(deps: Deps, { request, reply }: Call) {
  const sessionId = request.sessionId;
  await endSession(deps.database.db, request, reply, deps.config.secureCookies);
  if (sessionId) await closeSessionSockets(deps.bus, [sessionId]);
  return { message: t(request.locale, 'mail.logged_out') };
}

/** Records the signed-in member's acceptance of the terms; only for themself. */
export async function acceptTerms(deps: Deps, request: FastifyRequest, userId: number) {
  const user = request.user;
  if (!user) throw unauthenticated();
  if (user.id !== userId) throw forbidden('You can only accept the terms for yourself.');
  await authRepo.acceptTerms(deps.database.db, user.id);
  return { agb_nda_accepted: true as const };
}

/** Mails a single-use reset link; the answer is the same whether or not the address belongs to anyone. */
export async function forgotPassword(deps: Deps, request: FastifyRequest, email: string) {
  const { db } = deps.database;
  const answer = { message: t(request.locale, 'mail.forgot.answer') };
  const user = await findUserByLogin(db, 'email', email);
  if (!user || user.deactivated_at) return answer;
  // Per address, the route's rate limit answers 429; per account the answer stays the same.
  if (await rateLimiter({ db, clock: deps.clock }).count('resetMailsPerAccount', `member:${user.id}`)) {
    return answer;
  }

  // Mailed after the answer: neither the mail's time nor a failing mail server tells that the account exists.
  mailPasswordLink(deps, user, 'reset').catch((error: unknown) =>
    request.log.error({ err: error }, 'the password reset mail was not sent'),
  );
  return answer;
}

/**
 * Mails a member a single-use link to set a password, in their language: a reset (valid
 * `resetLinkTtlSeconds`) or an invitation to a new account (valid `inviteLinkTtlSeconds`, the page
 * greets them). A new link replaces the member's unused ones.
 */
export async function mailPasswordLink(
  deps: Pick<Deps, 'database' | 'mailer' | 'config'>,
  user: UserRow,
  kind: 'reset' | 'invite',
): Promise<void> {
  const { db } = deps.database;
  const ttl = kind === 'invite' ? inviteLinkTtlSeconds : resetLinkTtlSeconds;
  const { token, hash } = newLinkToken();
  await authRepo.createReset(db, user.id, hash, new Date(Date.now() + ttl * 1000));
  const locale = user.selected_language === 'en_GB' ? 'en_GB' : 'de_DE';
  const settings = await getSettings(db);
  const invite = kind === 'invite' ? '&invite=1' : '';
  const link = `${deps.config.publicUrl}/${locale}/reset_password?user_id=${user.id}&hash=${token}${invite}`;
  const vars = {
    name: user.firstname || user.username,
    company: settings.company.name,
    hours: ttl / 3600,
    days: ttl / 86_400,
    username: user.username,
  };
  await deps.mailer.send({
    to: user.email,
    subject: t(locale, `mail.${kind}.subject`, vars),
    text: [
      t(locale, 'mail.greeting', vars),
      '',
      t(locale, `mail.${kind}.text`, vars),
      link,
      '',
      t(locale, `mail.${kind}.ignore`, vars),
      '',
      t(locale, 'mail.signature', vars),
    ].join('\n'),
  });
}

/**
 * Sets a new password, by mailed link or (signed in) with the current password. Every session of the
 * member ends; a change signs this device in again.
 */
export async function resetPassword(deps: Deps, { request, reply }: Call, input: ResetPasswordInput) {
  const { db } = deps.database;
  if (input.new_password !== input.new_password_confirm) {
    throw new AppError(400, 'passwords_not_equal', 'The passwords do not match.', 'new_password_confirm');
  }
  if ('hash' in input) {
    if (!(await authRepo.consumeReset(db, input.user_id, linkTokenHash(input.hash)))) {
      throw new AppError(
        400,
        'reset_link_invalid',
        'This link is invalid, used or expired. Please request a new one.',
      );
    }
    await authRepo.setPassword(db, input.user_id, await hashPassword(input.new_password));
    await closeSessionSockets(deps.bus, await endAllSessions(db, input.user_id));
    return { message: t(request.locale, 'mail.password_reset') };
  }
  const user = request.user;
  if (!user) throw unauthenticated();
  const storedHash = await authRepo.passwordHash(db, user.id);
  if (!storedHash || !(await verifyPassword(input.current_password, storedHash))) {
    throw new AppError(
      400,
      'current_password_wrong',
      'The current password is not correct.',
      'current_password',
    );
  }
  await authRepo.setPassword(db, user.id, await hashPassword(input.new_password));
  await closeSessionSockets(deps.bus, await endAllSessions(db, user.id));
  request.sessionId = null;
  await startSession(db, request, reply, user.id, deps.config.secureCookies);
  return { message: t(request.locale, 'mail.password_changed') };
}

/** Removes reset links that expired by `now` (housekeeping); returns how many. */
export function removeExpiredResetLinks(db: Db, now: Date): Promise<number> {
  return authRepo.removeExpiredResets(db, now);
}
