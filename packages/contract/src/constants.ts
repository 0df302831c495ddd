/** The business constants of the spec (section 9), written once for server and web. */

/** Ids are PostgreSQL `integer` columns: a larger number names no row and must not reach a query. */
export const maxId = 2_147_483_647;

/** A news stream item's address: `page-<n>` or a bare number for an article, `post-<n>` for a post. */
export const newsItemIdPattern = /^(page-|post-)?[1-9]\d{0,9}$/;
/** Whether the number in a news item's address can name a row (`maxId`). */
export const newsItemIdInRange = (id: string) => Number(id.replace(/^\D+/, '')) <= maxId;
/** The id of a page preview's address (`/{lang}/previews/{id}`). */
export const previewIdPattern = /^[A-Za-z0-9_-]{16,64}$/;
/** Values of the profile's gender (and an address's salutation). */
export const genders = ['female', 'male', 'diverse'] as const;
/** Values of a member's status (the status options). */
export const userStatuses = ['employee', 'executive', 'trainee', 'student', 'freelancer', 'retired'] as const;
/** The query parameter of the TV's address that holds its display key (`/{lang}/bubbletool_tv?key=`). */
export const tvKeyParam = 'key';
/** The tabs of a group page, in their default order. */
export const groupTabs = ['topics', 'files', 'members', 'info'] as const;

export const pageSizes = {
  manageMembers: { desktop: 9, mobile: 3 },
  membersTab: { desktop: 15, mobile: 8 },
  groupTopics: { first: 5, step: 5, mobileStep: 3 },
  groupFiles: { first: 8, step: 8, mobileStep: 6 },
  searchResults: 9,
  mobileOccasionsFeed: 6,
  postStream: 10,
  newsStream: 10,
  activityFeed: 20,
  /** The bell's panel: the member's latest notifications, read ones too. */
  notifications: 20,
  groupGallery: 12,
  inviteCandidates: 20,
  authorSearch: 20,
  /** The members one follows (the follows page). */
  follows: 12,
} as const;

export const userCardCaps = { locations: 1, specialTasks: 5, other: 5 } as const;

export const timings = {
  memberSearchDebounceMs: 500,
  linkPreviewDebounceMs: 500,
  scrollRetryMs: 500,
  bodyScrollLockCheckMs: 500,
  autofillCheckMs: 200,
  chunkLoadTimeoutMs: 120_000,
  groupsReloadMs: 60_000,
  snackbarMs: 2_500,
  tvSlideMs: 30_000,
  topTeaserIntervalMs: 5_000,
} as const;

export const limits = {
  linkPreviewMinLength: 10,
  uploadMaxBytes: 20 * 1024 * 1024,
  /**
   * Group and topic files of this size or more go, after Plaza's access check, by a redirect to a
   * signed URL of the S3-compatible store (`STORAGE_URL`) instead of through Plaza; the URL works for
   * `signedDownloadSeconds`. The local folder always sends through Plaza.
   */
  signedDownloadMinBytes: 8 * 1024 * 1024,
  signedDownloadSeconds: 60,
  imageUploadMaxFiles: 1,
  horizontalTeaserMax: 2,
  webNewsMax: 7,
  multiSelectMenuMaxHeight: 260,
  defaultPageSize: 20,
  maxPageSize: 100,
  /**
   * Deepest page of a stream (news, group, topic): a page is read by walking the newest items of each
   * source in index order, so its cost grows with its depth; 500 pages of 20 reach 10,000 items back.
   */
  maxStreamPage: 500,
  /**
   * The unread-activity count stops at this number: counting every unread activity of a member who
   * never reads them would grow without bound, and the badge shows "99+" from 100 on anyway.
   */
  maxUnreadCount: 100,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  usernameMaxLength: 64,
  emailMaxLength: 254,
  nameMaxLength: 100,
  /** A post's HTML (rich text, sanitised by the server); files per post; a comment's text (plain text). */
  postMaxLength: 20_000,
  postMaxFiles: 10,
  commentMaxLength: 2_000,
  /** Group and topic names and descriptions (plain text). */
  groupNameMaxLength: 120,
  groupDescriptionMaxLength: 5_000,
  topicNameMaxLength: 120,
  topicDescriptionMaxLength: 5_000,
  /** The name of a TV display key (plain text). */
  displayKeyNameMaxLength: 100,
  /** Search texts of the member lists (group members, post authors). */
  memberSearchMaxLength: 100,
  /** Search texts of the directory and the occasions, and each filter value. */
  directorySearchMaxLength: 200,
  /** The search across the community (`pages/search`, search suggestions). */
  globalSearchMaxLength: 200,
  /**
   * Deepest page of each kind of the search across the community: a kind's hits are ranked among a
   * bounded set of candidates only (the server's search/repo.ts, 50: the newest matches), so pages
   * past them would show nothing new.
   */
  globalSearchMaxPage: 5,
  /** Suggestions while typing in the shell's search box. */
  searchSuggestionsMax: 8,
  /** The sign-in identifier (a username or an email address) and password as typed. */
  loginIdentifierMaxLength: 254,
  loginPasswordMaxLength: 1024,
} as const;

export const cookies = {
  /** Consent cookies, kept this many days. */
  consentExpiryDays: 365,
  consentNames: ['cdisc', 'track_all', 'cookie_config'] as const,
  session: 'plaza_session',
  csrf: 'plaza_csrf',
} as const;

/** Header carrying the CSRF token (double submit of the `plaza_csrf` cookie). */
export const csrfHeader = 'x-csrf-token';
/** Header carrying the locale of a call. */
export const localeHeader = 'x-locale';
/**
 * The page the server sends for an app address carries the answers of the app's first GET calls (the session
 * on every page, the news stream's first page on the dashboard) in a JSON element of this id, keyed by the
 * call's path and query as the app builds them: the app takes each answer once instead of asking for it.
 */
export const firstAnswers = {
  elementId: 'plaza-first-answers',
  /** After this long from opening the page the app asks the server again (the answers are old by then). */
  lifetimeMs: 10_000,
} as const;
/** Path of the one WebSocket endpoint. */
export const realtimePath = '/api/v2/cable';
/**
 * Why the server closes a real-time socket, and what the web client does: `sessionEnded` (signed out,
 * expired) ends it; `serviceRestart` (RFC 6455 1012, the instance shuts down for a rolling restart) and
 * `tryAgainLater` (1013, the database is unavailable or busy) reconnect, a restart at once within a spread
 * of `restartReconnectSpreadMs` so that an instance's sockets do not all arrive at the same moment.
 */
export const realtimeClose = {
  sessionEnded: 4401,
  serviceRestart: 1012,
  tryAgainLater: 1013,
  restartReconnectSpreadMs: 1000,
} as const;
/**
 * A chat message whose send got no answer, or 502/503/504 (an instance restarting, the database busy), is
 * sent again with the same client id (the server stores it once) after each of these waits (jittered).
 */
export const chatResendDelaysMs = [1000, 2000, 4000] as const;

export const avatarSizes = { userCard: 106, postBox: 53, groupMembers: 53, jobImage: 153 } as const;

export const breakpoints = { wide: 1264 } as const;

/**
 * Rating scales (spec 9): a review gives each score in points 1..10, one point per half star on the 5-star
 * scale of cards (score / 2), one whole star on the 10-star scale of the rating page; averages are shown
 * rounded to the half step (`step`) of their scale.
 */
export const ratingScale = { cardStars: 5, pageStars: 10, step: 0.5, minPoints: 1, maxPoints: 10 } as const;

/** Employer ratings: limits, page sizes and the anonymity threshold. */
export const ratingLimits = {
  /** A location's scores and comments stay hidden until it has this many reviews (anonymity). */
  minReviewsShown: 3,
  commentMaxLength: 2_000,
  locationNameMaxLength: 120,
  cityMaxLength: 120,
  categoryLabelMaxLength: 80,
  /** Rating categories in all (bounded, so a review form and a rating page show them all). */
  maxCategories: 30,
  /** Locations in all (bounded, so the ratings list may count and page them by number). */
  maxLocations: 1_000,
  listPageSize: 12,
  commentsPageSize: 10,
} as const;

/** Jobs: field lengths, list sizes. The enum lists (fields, employment types, states) are in `jobs.ts`. */
export const jobLimits = {
  titleMaxLength: 200,
  taskMaxLength: 300,
  maxTasks: 20,
  /** Profile and offer: plain text with line breaks. */
  textMaxLength: 5_000,
  listPageSize: 20,
  adminListPageSize: 50,
  /** Side of the stored square job image: twice the shown 153 px (`avatarSizes.jobImage`), for sharp screens. */
  imageSide: 306,
} as const;

/** The shop: field lengths and bounds of money and quantities (the enum lists are in `shop.ts`). */
export const shopLimits = {
  nameMax: 120,
  descriptionMax: 4_000,
  optionLabelMax: 60,
  maxOptions: 20,
  /** Minor units: 1,000,000.00 at most per piece. */
  maxPrice: 100_000_000,
  /** Basis points: 50 % at most. */
  maxTaxRate: 5_000,
  maxStock: 1_000_000,
  /** Pieces of one line. */
  maxQuantity: 99,
  /** Lines of one cart. */
  maxCartLines: 50,
  /** A product shows how many are left when this few or fewer are. */
  lowStock: 5,
  /** Most active products `GET shop/products` lists (the catalogue is small; it is shown whole). */
  catalogueMax: 200,
  accountHolderMax: 70,
  adminListPageSize: 50,
  ordersPageSize: 20,
  /** Side of the stored square product image (shown at up to 306 px). */
  imageSide: 612,
  /** How long the success snackbar after adding to the cart stays (spec 8). */
  snackbarMs: 2_500,
} as const;

/** Registration and subscriptions: field lengths and bounds (the enum lists are in `registration.ts`). */
export const registrationLimits = {
  nameMax: 120,
  descriptionMax: 4_000,
  topicLabelMax: 80,
  maxTopics: 50,
  /** Subscription options a gift may name. */
  maxOptions: 50,
  maxPrice: 100_000_000,
  /** Periods. */
  maxMinimumTerm: 60,
  maxNoticeDays: 365,
  /** How long a confirmation link works. */
  confirmationHours: 48,
  /**
   * An account never confirmed is removed this many days after it was made (housekeeping): it never
   * signed in, so it holds nothing; a subscription it took stays, free to link by its number.
   */
  unconfirmedAccountDays: 14,
} as const;

export const dateFormats = {
  input: 'DD/MM/YYYY',
  topicDate: 'DD.MM.YYYY',
  jobAvailability: 'DD.MM.YYYY',
  occasion: 'Do MMMM YYYY',
  time: 'HH:mm',
  /** A moment with its time (a post's, a comment's, an activity's). */
  moment: 'DD.MM.YYYY HH:mm',
  /** The day of a moment (an article's publication, a page's last change). */
  day: 'DD.MM.YYYY',
  messageTime: 'DD. MMM YYYY HH:mm',
  conversationOlder: 'DD.MM.YY',
} as const;

export const numberFormat = { fractionDigits: 2, defaultLocale: 'de-DE' } as const;

export const locales = ['de_DE', 'en_GB'] as const;
export type Locale = (typeof locales)[number];
/** The HTML lang attribute of a locale (de_DE -> de-DE). */
export const htmlLang = (locale: Locale) => locale.replace('_', '-');
export const defaultLocale: Locale = 'de_DE';
/** Each locale's decimal mark and digit-group mark, as Intl's number format writes them (de 1.234,5; en 1,234.5). */
export const numberMarks: Record<Locale, { decimal: string; group: string }> = {
  de_DE: { decimal: ',', group: '.' },
  en_GB: { decimal: '.', group: ',' },
};

/** The areas of a language's texts: each a file `locales/<locale>/<area>.json`, a top-level key of its bundle. */
export const textAreas = [
  'activity_feed',
  'admin',
  'admin-settings',
  'admin-sso',
  'app',
  'auth',
  'billing',
  'chat',
  'chat_activities',
  'cookies',
  'dashboard',
  'directory_fields',
  'directory_values',
  'errors',
  'group_activities',
  'group_page',
  'groups',
  'image_upload',
  'jobs',
  'landing',
  'link_preview',
  'list_controls',
  'mail',
  'members',
  'menu',
  'my_account',
  'news',
  'news_filters',
  'occasions',
  'page_admin',
  'pages',
  'people',
  'post_activities',
  'posts',
  'profile',
  'ratings',
  'reactions',
  'registration',
  'rich_text',
  'search',
  'shop',
  'shop_admin',
  'topics',
  'tv',
  'user_card',
  'who_is_who',
] as const;
export type TextArea = (typeof textAreas)[number];
/**
 * The administration's texts: only its pages (web features/admin/admin-layout) show them, so it loads them
 * when opened; a page carries the others (server app-page), which the app asks for at start.
 */
export const adminTextAreas = [
  'admin',
  'admin-settings',
  'admin-sso',
  'page_admin',
  'shop_admin',
] as const satisfies readonly TextArea[];
/** Every area but the administration's: the texts members see. */
export const memberTextAreas: readonly TextArea[] = textAreas.filter(
  (area) => !(adminTextAreas as readonly string[]).includes(area),
);
/** The texts call's query for the members' areas, as the app sends it (web lib/i18n) and a page answers it (server app-page). */
export const memberTextsQuery = { areas: memberTextAreas.join(',') };
/**
 * The same for the administration's areas: its pages (`/{lang}/admin/...`, `isAdminPath`) carry them too,
 * so the server draws a section with its texts and the app has them at start (web app/first-load).
 */
export const adminTextsQuery = { areas: adminTextAreas.join(',') };
/** Whether an address is one of the administration's pages (`/{lang}/admin` and below). */
export const isAdminPath = (pathname: string) => pathname.split('/')[2] === 'admin';

/** True when the value is one of the app's locales. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** How long a mailed password reset link works. (Rate limits are the server's `rateLimitTable`.) */
export const resetLinkTtlSeconds = 3600;
/** How long an invitation link stays valid: a week, so a member who is away can still take it. */
export const inviteLinkTtlSeconds = 7 * 24 * 3600;

/** Server-side session lifetime. */
export const sessionTtlSeconds = 14 * 24 * 3600;

/** How the who-is-who sorts members (the settings' `base_options.show_users_in_order` and a list's `order_by`). */
export const directoryOrders = ['lastname', 'firstname', 'newest'] as const;

/** The two layouts of a profile's sections (the settings' `profile_options.profile_section_variant`). */
export const profileSectionVariants = ['default', 'variant'] as const;

/** News constants (spec 9). */
export const newsTeasers = {
  topTeaserMax: 5,
  topTeaserIntervalMs: timings.topTeaserIntervalMs,
  horizontalTeaserMax: limits.horizontalTeaserMax,
  webNewsMax: limits.webNewsMax,
} as const;

/** Page size of the who-is-who (not shown in the spec: 12 fills 4, 3 and 1 cards per row evenly). */
export const directoryPageSize = 12;
