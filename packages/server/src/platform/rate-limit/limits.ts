import { endpoints, realtimePath } from '@plaza/contract';

/** A route, as the contract names it (method and Fastify path). */
export interface RouteRef {
  method: string;
  path: string;
}

/** A fixed window: at most `max` calls per `windowSeconds`. */
export interface WindowLimit {
  max: number;
  windowSeconds: number;
}

/** A window applied to every call of the listed routes (by the rate-limit plugin). */
export interface RouteLimit extends WindowLimit {
  routes: readonly RouteRef[];
}

const {
  auth,
  groups,
  topics,
  posts,
  users,
  comments,
  likes,
  directory,
  media,
  tv,
  search,
  pages,
  chat,
  ratings,
  registration,
  billing,
  admin,
} = endpoints;

/**
 * Every rate limit of the server. A call counts in the window of its class, per member when signed in,
 * else per IP address; the call past `max` is answered 429 `rate_limited` with `Retry-After` (seconds
 * until the window ends). Counters live in the database (`rate_limits`), so all instances share them.
 *
 * Classes with `routes` are applied to those routes by `rateLimitPlugin`; the others are counted by the
 * service that knows the outcome (sign-in failures, reset mails per account).
 */
export const rateLimitTable = {
  /** Failed sign-ins from one IP address, whatever the account (password spraying); then 429. */
  signInFailures: { max: 50, windowSeconds: 300 },
  /** Reset mails per account; over it the answer stays the same and no mail goes (nothing is revealed). */
  resetMailsPerAccount: { max: 3, windowSeconds: 3600 },
  passwordResetMail: { max: 10, windowSeconds: 3600, routes: [auth.forgotPassword] },
  passwordReset: { max: 20, windowSeconds: 3600, routes: [auth.resetPassword] },
  /** Single sign-ons started and returned from one IP address: each one calls the provider. */
  singleSignOn: { max: 60, windowSeconds: 600, routes: [admin.mocs, admin.mocsCallback] },
  uploads: {
    max: 60,
    windowSeconds: 600,
    routes: [
      groups.uploadImage,
      groups.uploadFile,
      topics.uploadFile,
      posts.uploadFile,
      users.uploadImage,
      pages.adminUploadImage,
      pages.adminUploadFile,
    ],
  },
  posts: { max: 30, windowSeconds: 600, routes: [posts.create] },
  comments: { max: 60, windowSeconds: 600, routes: [comments.write] },
  likes: { max: 120, windowSeconds: 600, routes: [likes.set] },
  /** Reviews of locations: one a year counts, so a handful is plenty; replacements are reviews too. */
  ratingReviews: { max: 30, windowSeconds: 600, routes: [ratings.review] },
  /** The ratings workbook: a download reads a location's every review, so a few at a time. */
  ratingExports: { max: 20, windowSeconds: 600, routes: [ratings.export] },
  searches: {
    max: 120,
    windowSeconds: 60,
    routes: [
      directory.list,
      directory.search,
      directory.suggestions,
      groups.usersSearch,
      chat.users,
      search.page,
      search.suggestions,
    ],
  },
  /** Chat messages and typing signals per member: a conversation at full speed, not a flood. */
  chatMessages: { max: 300, windowSeconds: 60, routes: [chat.create, chat.typing] },
  previews: { max: 30, windowSeconds: 60, routes: [media.preview] },
  socketConnections: { max: 30, windowSeconds: 60, routes: [{ method: 'GET', path: realtimePath }] },
  tvFeed: { max: 60, windowSeconds: 60, routes: [tv.feed] },
  tvImages: { max: 300, windowSeconds: 60, routes: [tv.image] },
  /** Registrations from one IP address (each hashes a password and may mail); an office behind one address fits. */
  registrations: { max: 20, windowSeconds: 3600, routes: [registration.register] },
  /** Registration mails to one address; over it the answer stays the same and no mail goes. */
  registrationMailsPerAddress: { max: 3, windowSeconds: 3600 },
  /** Confirmation links tried per IP address (a link is 32 random bytes; this only stops floods). */
  registrationConfirmations: { max: 30, windowSeconds: 3600, routes: [registration.confirm] },
  /** Subscriber numbers tried per member (linking), besides the wrong ones per address below. */
  subscriberNumberLinks: { max: 20, windowSeconds: 3600, routes: [registration.linkSubscription] },
  /** Wrong subscriber numbers or postcodes from one IP address; then 429 before any lookup. */
  subscriberNumberFailures: { max: 5, windowSeconds: 3600 },
  /** Changes to a member's subscriptions (notice, quantities, gifts): a few are plenty. */
  billingChanges: {
    max: 30,
    windowSeconds: 600,
    routes: [billing.cancel, billing.updateItem, billing.removeItem],
  },
  /** Subscription invoice PDFs, each drawn on request. */
  invoicePdfs: { max: 60, windowSeconds: 600, routes: [billing.invoicePdf] },
} as const satisfies Record<string, WindowLimit | RouteLimit>;

export type RateLimitClass = keyof typeof rateLimitTable;

/**
 * Sign-in attempts per pair of account name (as typed, known or not) and IP address: the first
 * `freeAttempts` go through at once; from then on each attempt makes the next one of that pair wait
 * `firstDelaySeconds`, doubling up to `maxDelaySeconds` (429 with `Retry-After` until then). The count
 * is forgotten `forgetAfterSeconds` after the last attempt, and a successful sign-in clears it. The same
 * name from another address is not affected, so nobody can lock a colleague out.
 */
export const signInDelay = {
  freeAttempts: 5,
  firstDelaySeconds: 1,
  maxDelaySeconds: 900,
  forgetAfterSeconds: 3600,
} as const;
