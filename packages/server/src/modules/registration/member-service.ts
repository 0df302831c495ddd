import type { personalDataSchema } from '@plaza/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { rateLimiter } from '../../platform/rate-limit';
import type { SessionUser } from '../../platform/request-context';
import { linkSubscription } from '../billing';
import { updateProfile } from '../users';
import { checkSubscriberNumber, checkTopics, newsletterChoices } from './register-service';
import { registrationRepo } from './repo';

/**
 * `POST registration/{subscriberNumber}`: links a subscription without a member to the caller by its
 * number and invoice postcode; a wrong number or postcode is one answer, and wrong tries are limited per
 * address (the route's limit counts every try per member besides).
 */
export async function linkOwnSubscription(
  deps: { db: Db; clock: Clock },
  user: SessionUser,
  ip: string,
  number: string,
  zip: string,
) {
  const limiter = rateLimiter({ db: deps.db, clock: deps.clock });
  await checkSubscriberNumber(limiter, ip, () =>
    deps.db.transaction((tx) => linkSubscription(tx, user.id, number, zip)),
  );
  return { success: true as const };
}

/**
 * `POST registration/user_data`: the member's topics (known ids only, 400 naming `topics` otherwise),
 * newsletters (kept as the profile keeps them) and birthday, in one transaction.
 */
export async function saveUserData(
  db: Db,
  user: SessionUser,
  input: z.output<typeof personalDataSchema>,
  locale: Parameters<typeof updateProfile>[4],
) {
  const topics = await checkTopics(db, input.topics);
  await db.transaction(async (tx) => {
    await registrationRepo.setUserTopics(tx, user.id, topics);
    await updateProfile(
      tx,
      user,
      user.id,
      {
        birthday: input.birthday,
        newsletter_subscriptions: newsletterChoices(input.newsletter_subscription),
      },
      locale,
      null,
    );
  });
  return { success: true as const };
}
