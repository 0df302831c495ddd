import { createHash } from 'node:crypto';
import {
  type Address,
  type Locale,
  newsletterKeys,
  parseBirthday,
  type registrationInputSchema,
  registrationLimits,
} from '@plaza/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError, badRequest } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { linkTokenHash, newLinkToken } from '../../platform/link-tokens';
import type { Mailer } from '../../platform/mail';
import { hashPassword } from '../../platform/passwords';
import { type RateLimiter, rateLimiter } from '../../platform/rate-limit';
import {
  createSubscription,
  endPendingSubscriptions,
  linkSubscription,
  startSubscriptions,
} from '../billing';
import type { Providers } from '../payments';
import { createUser, findUserById, findUserByLogin, saveAddress, type UserRow } from '../users';
import { requireSignupOpen } from './catalogue-service';
import { mailAlreadyRegistered, mailConfirmation } from './mails';
import { checkPayment } from './payment-choice';
import { type OptionWithImage, registrationRepo } from './repo';
import { usernameCandidate, usernameTries } from './username';

type RegistrationInput = z.output<typeof registrationInputSchema>;

export interface RegistrationDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  clock: Clock;
  providers: Providers;
}

const limiterOf = (deps: RegistrationDeps): RateLimiter => rateLimiter({ db: deps.db, clock: deps.clock });
const addressKey = (email: string) => `address:${createHash('sha256').update(email).digest('hex')}`;

/** One answer for a wrong subscriber number and a wrong postcode. */
export const subscriptionNotFound = () =>
  new AppError(
    422,
    'subscription_not_found',
    'No subscription to link has this subscriber number and postcode.',
    'subscriber_number',
  );

/**
 * Wrong subscriber numbers count per IP address (`subscriberNumberFailures`): past the window's count
 * the next try is refused with 429 before anything is looked up, so numbers cannot be walked.
 */
export async function checkSubscriberNumber(
  limiter: RateLimiter,
  ip: string,
  link: () => Promise<boolean>,
): Promise<void> {
  await limiter.check('subscriberNumberFailures', `ip:${ip}`);
  if (await link()) return;
  await limiter.count('subscriberNumberFailures', `ip:${ip}`);
  throw subscriptionNotFound();
}

/** What an advanced registration takes besides the account, checked before anything is written. */
interface Plan {
  option: OptionWithImage | null;
  giftId: number | null;
  payment: RegistrationInput['payment'];
}

/**
 * The subscription part of a registration. Basic sign-up is the account only: a subscription, gift,
 * payment, delivery address or subscriber number is refused (400 naming the field) rather than dropped
 * without a word. Advanced: `subscription_id` (an active option) unless a `subscriber_number` links an
 * existing one; a `gift_id` of an active gift that comes with that option; a payment this server offers
 * (a debit's account checked); the delivery address when the invoice address asks for a separate one.
 */
async function checkPlan(
  deps: RegistrationDeps,
  type: 'basic' | 'advanced',
  input: RegistrationInput,
): Promise<Plan> {
  if (type === 'basic') {
    for (const field of [
      'subscription_id',
      'gift_id',
      'payment',
      'delivery_address',
      'subscriber_number',
    ] as const) {
      if (input[field] !== null) throw badRequest('This sign-up creates an account only.', field);
    }
    return { option: null, giftId: null, payment: null };
  }
  if (input.invoice_address.separate_delivery_address && !input.delivery_address) {
    throw new AppError(422, 'address_required', 'Enter the delivery address.', 'delivery_address');
  }
  if (input.subscription_id === null) {
    if (input.subscriber_number === null) {
      throw new AppError(422, 'validation_failed', 'Choose a subscription.', 'subscription_id');
    }
    if (input.gift_id !== null) throw badRequest('A gift comes with a new subscription only.', 'gift_id');
    if (input.payment !== null) throw badRequest('A linked subscription keeps its payment.', 'payment');
    return { option: null, giftId: null, payment: null };
  }
  const option = await registrationRepo.optionById(deps.db, input.subscription_id);
  if (!option?.active) {
    throw new AppError(
      422,
      'validation_failed',
      'Choose one of the subscriptions offered.',
      'subscription_id',
    );
  }
  if (input.gift_id !== null) {
    const gift = await registrationRepo.giftById(deps.db, input.gift_id);
    if (!gift?.active || !gift.option_ids.includes(option.id)) {
      throw new AppError(
        422,
        'validation_failed',
        'This gift does not come with this subscription.',
        'gift_id',
      );
    }
    if (gift.stock !== null && gift.stock <= 0) throw giftGone();
  }
  if (!input.payment) throw new AppError(422, 'payment_required', 'Choose how to pay.', 'payment');
  return { option, giftId: input.gift_id, payment: checkPayment(deps.providers, input.payment) };
}

const giftGone = () => new AppError(409, 'out_of_stock', 'This gift is no longer available.', 'gift_id');

/** A username made from the address that nobody has (a few indexed reads at most). */
async function freeUsername(db: Db, email: string, firstAttempt = 0): Promise<string> {
  for (let attempt = firstAttempt; ; attempt++) {
    const candidate = usernameCandidate(email, attempt);
    if (attempt >= usernameTries || !(await findUserByLogin(db, 'username', candidate))) return candidate;
  }
}

/** The stored birthday of the personal data (the contract has checked its form). */
function birthdayOf(input: string | null | undefined): string | null {
  if (!input) return null;
  const parsed = parseBirthday(input);
  return parsed.ok ? parsed.iso : null;
}

/** The newsletters as the profile keeps them: every key, chosen or not. */
export const newsletterChoices = (chosen: readonly string[]) =>
  newsletterKeys.map((key) => ({ key, selected: chosen.includes(key) }));

/** The member's topics: known ids only (400 naming `topics` otherwise). */
export async function checkTopics(db: Db, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if ((await registrationRepo.countTopics(db, unique)) !== unique.length) {
    throw badRequest('Choose topics of the list.', 'topics');
  }
  return unique;
}

/** Creates a confirmation link for the member and mails it (after the caller's transaction). */
async function newConfirmation(deps: RegistrationDeps, tx: Db, userId: number) {
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(deps.clock().getTime() + registrationLimits.confirmationHours * 3600_000);
  await registrationRepo.insertConfirmation(tx, userId, hash, expiresAt);
  return token;
}

const localeOf = (user: Pick<UserRow, 'selected_language'>): Locale =>
  user.selected_language === 'en_GB' ? 'en_GB' : 'de_DE';

/**
 * `POST users/new`: one answer (202) for every address. A new address gets an unconfirmed account (its
 * addresses, personal data and subscription) and a confirmation link; an address already registered gets
 * a mail saying so, or, while still unconfirmed, a fresh link; nothing else changes. Mails per address
 * are limited (`registrationMailsPerAddress`): past it the answer stays the same and no mail goes.
 */
export async function register(deps: RegistrationDeps, request: FastifyRequest, input: RegistrationInput) {
  const signup = await requireSignupOpen(deps.db);
  if (!input.agb) throw new AppError(422, 'agb_not_accepted', 'Please accept the terms.', 'agb');
  const locale: Locale = input.selected_language ?? request.locale;
  const answer = { result: 'ok' as const, message: t(locale, 'mail.registration.accepted') };
  const plan = await checkPlan(deps, signup.type, input);
  const limiter = limiterOf(deps);
  const { email, password, ...invoiceFields } = input.invoice_address;
  const personal = input.personal_data;
  const topics = personal ? await checkTopics(deps.db, personal.topics) : [];

  const existing = await findUserByLogin(deps.db, 'email', email);
  if (existing) {
    // The hash a new account costs, spent here too: the answer's time tells no more than its body.
    await hashPassword(password);
    // The subscriber number is checked as for a new address (and nothing kept), so the answers match.
    if (input.subscriber_number !== null) {
      const number = input.subscriber_number;
      await checkSubscriberNumber(limiter, request.ip, () =>
        deps.db
          .transaction(async (tx) => {
            const found = await linkSubscription(tx, existing.id, number, invoiceFields.zip);
            throw new RolledBack(found);
          })
          .catch((error: unknown) => {
            if (error instanceof RolledBack) return error.found;
            throw error;
          }),
      );
    }
    if (await limiter.count('registrationMailsPerAddress', addressKey(email))) return answer;
    const to = {
      email: existing.email,
      name: existing.firstname || existing.username,
      locale: localeOf(existing),
    };
    if (existing.email_confirmed) {
      await mailAlreadyRegistered(deps, to);
    } else {
      const token = await deps.db.transaction((tx) => newConfirmation(deps, tx, existing.id));
      await mailConfirmation(deps, { ...to, username: existing.username }, token);
    }
    return answer;
  }
  await limiter.count('registrationMailsPerAddress', addressKey(email));

  // Hashed before the transaction: scrypt's time holds no pooled connection.
  const passwordHash = await hashPassword(password);
  const invoiceAddress = { ...invoiceFields, email };
  if (input.subscriber_number !== null) await limiter.check('subscriberNumberFailures', `ip:${request.ip}`);
  const create = (username: string) =>
    deps.db.transaction(async (tx) => {
      const user = await createUser(
        tx,
        {
          username,
          email,
          password,
          firstname: invoiceFields.firstname,
          lastname: invoiceFields.lastname,
          // The terms count from the confirmation: until then the account is not listed anywhere.
          agb_nda_accepted: false,
          selected_language: locale,
        },
        {
          email_confirmed: false,
          gender: invoiceFields.gender,
          title: invoiceFields.title,
          birthday: birthdayOf(personal?.birthday),
          newsletter_subscriptions: newsletterChoices(personal?.newsletter_subscription ?? []),
        },
        passwordHash,
      );
      const self = { id: user.id, permissions: [] };
      const saved = await saveAddress(tx, self, user.id, 'invoice_address', invoiceAddress);
      const delivery = input.delivery_address
        ? (await saveAddress(tx, self, user.id, 'delivery_address', input.delivery_address)).address
        : null;
      await registrationRepo.setUserTopics(tx, user.id, topics);
      if (input.subscriber_number !== null) {
        if (!(await linkSubscription(tx, user.id, input.subscriber_number, invoiceFields.zip))) {
          throw subscriptionNotFound();
        }
      }
      if (plan.option) await subscribe(tx, user.id, plan, saved.address, delivery, locale);
      return { user, token: await newConfirmation(deps, tx, user.id) };
    });
  let created: Awaited<ReturnType<typeof create>> | null;
  try {
    created = await create(await freeUsername(deps.db, email)).catch(async (error: unknown) => {
      // Registered meanwhile (two posts of one address at once): answered alike, the other one mails.
      if (!isTaken(error)) throw error;
      if (await findUserByLogin(deps.db, 'email', email)) return null;
      // A name taken meanwhile: once more with a random ending.
      return create(await freeUsername(deps.db, email, 1));
    });
  } catch (error) {
    // Counted after the rollback: the counters live outside the registration's transaction.
    if (error instanceof AppError && error.code === 'subscription_not_found') {
      await limiter.count('subscriberNumberFailures', `ip:${request.ip}`);
    }
    throw error;
  }
  if (!created) return answer;
  const { user, token } = created;
  await mailConfirmation(deps, { email, name: user.firstname, username: user.username, locale }, token);
  return answer;
}

/** A username or email taken between the check and the insert: the users module's 409 or the unique index. */
function isTaken(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'email_taken' || error.code === 'username_taken';
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Ends a transaction that only checked something, carrying what it found. */
class RolledBack extends Error {
  constructor(readonly found: boolean) {
    super('rolled back');
  }
}

/** Takes the gift's piece and creates the pending subscription, in the registration's transaction. */
async function subscribe(
  tx: Db,
  userId: number,
  plan: Plan,
  invoiceAddress: Address,
  deliveryAddress: Address | null,
  locale: Locale,
): Promise<void> {
  const option = plan.option!;
  let gift: { id: number; name: string } | null = null;
  if (plan.giftId !== null) {
    if (!(await registrationRepo.takeGift(tx, plan.giftId, option.id))) throw giftGone();
    const row = await registrationRepo.giftById(tx, plan.giftId);
    gift = { id: plan.giftId, name: locale === 'de_DE' ? row!.name_de : row!.name_en };
  }
  const payment = plan.payment!;
  await createSubscription(tx, {
    userId,
    option: {
      id: option.id,
      name: locale === 'de_DE' ? option.name_de : option.name_en,
      price: option.price,
      currency: option.currency,
      tax_rate: option.tax_rate,
      period: option.period,
      minimum_term: option.minimum_term,
      notice_days: option.notice_days,
    },
    gift,
    payment: { method: payment.method, sepa: payment.sepa },
    invoiceAddress,
    deliveryAddress,
    locale,
  });
}

/**
 * `POST registration/confirm`: in one transaction the link is used, the address confirmed, and the
 * member's subscriptions started (a card subscription answers the provider's checkout as `redirect`).
 * An unknown, used or expired link is one answer; a failure to start undoes all, so the link still works.
 */
export async function confirm(deps: RegistrationDeps, token: string) {
  const now = deps.clock();
  const result = await deps.db.transaction(async (tx) => {
    const userId = await registrationRepo.consumeConfirmation(tx, linkTokenHash(token), now);
    if (userId === null) return null;
    await registrationRepo.confirmUser(tx, userId);
    const user = await findUserById(tx, userId);
    return startSubscriptions(tx, userId, now, localeOf(user!));
  });
  if (!result) {
    throw new AppError(
      400,
      'confirmation_link_invalid',
      'This link is invalid, used or expired. Please register again or sign in.',
    );
  }
  // The first invoices' mails go once the subscriptions are committed.
  await result.afterCommit();
  return { result: 'ok' as const, redirect: result.redirect };
}

/** Removes confirmation links that expired by `now`, used or not (housekeeping); returns how many. */
/** Accounts removed per housekeeping run at most (the next run takes the rest). */
const unconfirmedRemovalBatch = 500;

/**
 * Removes accounts whose address was never confirmed `registrationLimits.unconfirmedAccountDays` after
 * they were made: they never signed in, so nothing of theirs is lost; a subscription one took stays,
 * free to link by its number.
 */
export function removeUnconfirmedAccounts(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - registrationLimits.unconfirmedAccountDays * 86_400_000);
  return db.transaction(async (tx) => {
    const ids = await registrationRepo.unconfirmedAccounts(tx, before, unconfirmedRemovalBatch);
    if (ids.length === 0) return 0;
    await endPendingSubscriptions(tx, ids);
    return registrationRepo.removeUnconfirmed(tx, ids);
  });
}

export function removeExpiredConfirmationLinks(db: Db, now: Date): Promise<number> {
  return registrationRepo.removeExpiredConfirmations(db, now);
}
