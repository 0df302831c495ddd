import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idSchema, type UserPermission } from './entities';
import { routeNames } from './menu';
import { localeSchema, socialLoginTypes } from './settings';
import { plainTextField, text } from './text';

/**
 * The administration area `/{lang}/admin/<section>`: one entry per section, with the permission that
 * opens it (`superadmin` opens every section). The server's `administrationRoutes` lists the sections a
 * member may open, in this order; the web's navigation shows exactly those.
 */
export const adminSections = [
  { key: 'settings', permission: 'superadmin' },
  { key: 'branding', permission: 'superadmin' },
  { key: 'menus', permission: 'superadmin' },
  { key: 'texts', permission: 'superadmin' },
  { key: 'cookies', permission: 'superadmin' },
  { key: 'signup', permission: 'superadmin' },
  { key: 'sso', permission: 'superadmin' },
  { key: 'pages', permission: 'superadmin' },
  { key: 'members', permission: 'users' },
  { key: 'jobs', permission: 'jobs' },
  { key: 'ratings', permission: 'superadmin' },
  { key: 'shop', permission: 'shop' },
  { key: 'subscriptions', permission: 'superadmin' },
  { key: 'tv', permission: 'superadmin' },
  { key: 'history', permission: 'superadmin' },
  { key: 'audit', permission: 'superadmin' },
] as const satisfies readonly { key: string; permission: UserPermission }[];
export type AdminSectionKey = (typeof adminSections)[number]['key'];
export const adminSectionKeys = adminSections.map((section) => section.key) as [
  AdminSectionKey,
  ...AdminSectionKey[],
];

export const adminLimits = {
  /** Versions of one administered document kept for undo (older ones are removed on write). */
  documentVersionsKept: 200,
  versionsPageSize: 20,
  auditPageSize: 50,
  /** Days the audit log keeps an entry when `AUDIT_RETENTION_DAYS` is not set. */
  auditRetentionDaysDefault: 365,
  textOverrideMax: 2000,
  textOverridesMax: 500,
  menuItemsMax: 30,
  brandingImageBytesMax: 2 * 1024 * 1024,
  ssoScopesMax: 20,
  ssoDomainsMax: 50,
} as const;

/** Documents an administrator edits as a whole, each with a version history (undo). */
export const adminDocumentKeys = [
  'settings',
  'menu',
  'settings_menu',
  'cookie_config',
  'text_overrides',
] as const;
export type AdminDocumentKey = (typeof adminDocumentKeys)[number];
export const adminDocumentKeySchema = z.enum(adminDocumentKeys);

/** A title per language, or a key of the `menu` texts (the built-in entries). */
export const localizedTitleSchema = z.union([
  text().max(100),
  z.partialRecord(localeSchema, plainTextField(100)),
]);

export type StoredMenuItem = {
  type: (typeof routeNames)[number];
  reference_id?: number | null;
  title: string | Partial<Record<z.infer<typeof localeSchema>, string>>;
  icon?: string | null;
  target?: '_self' | '_blank';
  url?: string | null;
  /** Hidden entries stay in the document (and its order) but are not shown. */
  hidden?: boolean;
  subnav?: StoredMenuItem[];
};

/** The main menu as stored and edited (`menu` document): what `routes` of the session is built from. */
export const storedMenuItemSchema: z.ZodType<StoredMenuItem> = z.lazy(() =>
  z.object({
    type: z.enum(routeNames),
    reference_id: z.number().int().nullable().optional(),
    title: localizedTitleSchema,
    icon: text().max(50).nullable().optional(),
    target: z.enum(['_self', '_blank']).optional(),
    url: text().max(2000).nullable().optional(),
    hidden: z.boolean().optional(),
    subnav: z.array(storedMenuItemSchema).max(adminLimits.menuItemsMax).optional(),
  }),
);
export const menuDocumentSchema = z.array(storedMenuItemSchema).max(adminLimits.menuItemsMax);

/** The settings drawer (`settings_menu` document): its entries' order and visibility by key. */
export const settingsMenuDocumentSchema = z
  .array(z.object({ key: text().max(50), hidden: z.boolean().default(false) }))
  .max(adminLimits.menuItemsMax);

/**
 * Per-customer texts (`text_overrides` document): per language, a bundle key `<area>.<path>` (e.g.
 * `auth.login.title`) and the text shown instead of the built-in one. Unknown keys are refused.
 */
export const textOverridesDocumentSchema = z.partialRecord(
  localeSchema,
  z.record(text().max(200), plainTextField(adminLimits.textOverrideMax)),
);

/** One administered document as the administration reads it. */
export const adminDocumentSchema = z.object({
  key: adminDocumentKeySchema,
  value: z.unknown(),
  /** The version this value is; send it back as `base_version_id` to refuse a lost update (409). */
  version_id: z.number().int().nullable(),
  updated_at: z.string().nullable(),
});
export type AdminDocument = z.infer<typeof adminDocumentSchema>;

export const actorSchema = z.object({ id: z.number().int().nullable(), name: z.string() }).nullable();

export const documentVersionSchema = z.object({
  id: z.number().int(),
  key: adminDocumentKeySchema,
  created_at: z.string(),
  author: actorSchema,
  /** Set when this version undid the document to an earlier one. */
  restored_from: z.number().int().nullable(),
  value: z.unknown(),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

/** A keyset page: `next_before` is the `before` of the next call, null at the end. */
const keysetPage = <T extends z.ZodType>(item: T) =>
  z.object({ results: z.array(item), next_before: z.number().int().nullable() });

export const brandingImageKinds = ['logo', 'favicon'] as const;

/** What the audit log records about. */
export const auditResourceTypes = [
  'settings',
  'document',
  'branding',
  'sso',
  'page',
  'member',
  'job',
  'rating',
  'product',
  'order',
  'subscription_option',
  'gift',
  'registration_topic',
  'display_key',
  'sign_in',
] as const;
export type AuditResourceType = (typeof auditResourceTypes)[number];

export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: actorSchema,
  /** `<resource>.<verb>`, e.g. `page.update`, `member.permissions`, `sign_in.burst`. */
  action: z.string(),
  resource_type: z.enum(auditResourceTypes),
  resource_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

const isoDateOrTime = text().regex(
  /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/,
  'a date like 2026-12-02 or a time like 2026-12-02T08:00:00Z',
);

export const auditQuerySchema = z.object({
  before: idSchema.optional(),
  actor_id: idSchema.optional(),
  resource_type: z.enum(auditResourceTypes).optional(),
  action: text()
    .regex(/^[a-z_]+(\.[a-z_]+)?$/, 'an action like page.update, or a resource like page')
    .optional(),
  /** ISO dates or times; `to` is exclusive. */
  from: isoDateOrTime.optional(),
  to: isoDateOrTime.optional(),
});

/** Sign-in providers: the customer's own OpenID Connect provider and the social ones. */
export const ssoProviderKinds = ['oidc', ...socialLoginTypes] as const;
export type SsoProviderKind = (typeof ssoProviderKinds)[number];

const ssoProviderShape = {
  kind: z.enum(ssoProviderKinds),
  enabled: z.boolean(),
  /** The issuer URL (discovery at `<issuer>/.well-known/openid-configuration`). */
  issuer: text().max(500).url(),
  client_id: text().min(1).max(500),
  scopes: z.array(text().regex(/^[\w.:/-]{1,100}$/)).max(adminLimits.ssoScopesMax),
  /** Which claim fills which member field. */
  claims: z.object({
    username: text().max(100),
    firstname: text().max(100),
    lastname: text().max(100),
    email: text().max(100),
  }),
  /** Addresses allowed to sign in (their domain after @); empty allows every domain. */
  allowed_email_domains: z
    .array(
      text()
        .toLowerCase()
        .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/),
    )
    .max(adminLimits.ssoDomainsMax),
  /** The first sign-in of an unknown address creates the member; otherwise it is refused. */
  create_members: z.boolean(),
  /** The button's text per language (the OpenID provider's; social ones have their own). */
  label: z.partialRecord(localeSchema, plainTextField(60)),
};

/** A provider as the administration reads it: the client secret is never sent back. */
export const ssoProviderSchema = z.object({ ...ssoProviderShape, client_secret_set: z.boolean() });
/** A provider as the administration writes it: a missing `client_secret` keeps the stored one. */
export const ssoProviderInputSchema = z.strictObject({
  ...ssoProviderShape,
  client_secret: text().min(1).max(2000).optional(),
});

export const ssoConfigSchema = z.object({
  providers: z.array(ssoProviderSchema),
  /**
   * Members may sign in with a password. Off: only through a provider (superadmins keep the password
   * sign-in, so a broken provider cannot lock the community out), and `settings.single_sign_on` hides logout.
   */
  local_passwords: z.boolean(),
  /** Where the provider sends the browser back (register it at the provider). */
  redirect_uri: z.string(),
});
export const ssoConfigInputSchema = z.strictObject({
  providers: z.array(ssoProviderInputSchema).max(ssoProviderKinds.length),
  local_passwords: z.boolean(),
});

const tags = ['administration'];

export const adminEndpoints = {
  document: defineEndpoint({
    method: 'GET',
    path: '/api/v2/admin/documents/:key',
    summary:
      'An administered document (settings, menu, settings menu, cookie configuration, texts) and its version',
    tags,
    access: { allow: [], permission: 'superadmin', object: 'document' },
    params: z.object({ key: adminDocumentKeySchema }),
    response: adminDocumentSchema,
  }),
  updateDocument: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/admin/documents/:key',
    summary:
      'Replace an administered document (validated by its schema; 409 when `base_version_id` is not the latest); applied on every instance',
    tags,
    access: { allow: [], permission: 'superadmin', object: 'document' },
    params: z.object({ key: adminDocumentKeySchema }),
    body: z.strictObject({ value: z.unknown(), base_version_id: z.number().int().nullable().optional() }),
    response: adminDocumentSchema,
  }),
  documentVersions: defineEndpoint({
    method: 'GET',
    path: '/api/v2/admin/documents/:key/versions',
    summary: "A document's versions, newest first; `before` is the last id of the previous call",
    tags,
    access: { allow: [], permission: 'superadmin', object: 'document' },
    params: z.object({ key: adminDocumentKeySchema }),
    query: z.object({ before: idSchema.optional() }),
    response: keysetPage(documentVersionSchema),
  }),
  restoreDocumentVersion: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/documents/:key/versions/:id/restore',
    summary: 'Undo: make an earlier version the current one (recorded as a new version)',
    tags,
    access: { allow: [], permission: 'superadmin', object: 'documentVersion' },
    params: z.object({ key: adminDocumentKeySchema, id: idSchema }),
    response: adminDocumentSchema,
  }),
  uploadBrandingImage: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/branding/:kind',
    summary:
      'Set the logo or favicon (multipart, one image, checked by content); answers the settings document',
    tags,
    access: { allow: [], permission: 'superadmin', object: 'brandingKind' },
    params: z.object({ kind: z.enum(brandingImageKinds) }),
    response: adminDocumentSchema,
    bodyLimit: adminLimits.brandingImageBytesMax + 64 * 1024,
  }),
  removeBrandingImage: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/admin/branding/:kind',
    summary: 'Remove the logo or favicon',
    tags,
    access: { allow: [], permission: 'superadmin', object: 'brandingKind' },
    params: z.object({ kind: z.enum(brandingImageKinds) }),
    response: adminDocumentSchema,
  }),
  brandingImage: defineEndpoint({
    method: 'GET',
    path: '/api/v2/branding/:kind/:file',
    summary: 'The logo or favicon (public: the sign-in page shows it)',
    tags,
    access: { allow: ['public'], object: 'brandingImage' },
    params: z.object({
      kind: z.enum(brandingImageKinds),
      file: text().regex(/^[\w-]{1,80}\.(png|webp|ico|svg)$/),
    }),
    response: z.unknown(),
  }),
  textOverrides: defineEndpoint({
    method: 'GET',
    path: '/api/v2/languages/:locale/overrides',
    summary: "The customer's own texts of one language, laid over the built-in bundle",
    tags: ['settings'],
    access: { allow: ['public'], object: 'locale' },
    params: z.object({ locale: localeSchema }),
    response: z.record(z.string(), z.string()),
  }),
  audit: defineEndpoint({
    method: 'GET',
    path: '/api/v2/admin/audit',
    summary:
      'The audit log, newest first, filtered (superadmins); `before` is the last id of the previous call',
    tags,
    access: { allow: [], permission: 'superadmin' },
    query: auditQuerySchema,
    response: keysetPage(auditEventSchema),
  }),
  sso: defineEndpoint({
    method: 'GET',
    path: '/api/v2/admin/sso',
    summary: 'The sign-in providers (never their secrets)',
    tags,
    access: { allow: [], permission: 'superadmin' },
    response: ssoConfigSchema,
  }),
  updateSso: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/admin/sso',
    summary: "Configure the sign-in providers (the issuer's discovery is checked before saving)",
    tags,
    access: { allow: [], permission: 'superadmin' },
    body: ssoConfigInputSchema,
    response: ssoConfigSchema,
  }),
  mocs: defineEndpoint({
    method: 'GET',
    path: '/api/v2/auth/mocs',
    summary:
      'Starts the sign-in at a provider (browser navigation; PKCE, state and nonce): 302 to the provider, or to the sign-in page with `sso_error`',
    tags: ['auth'],
    access: 'public',
    query: z.object({
      provider: z.enum(ssoProviderKinds).default('oidc'),
      /** An app path to return to after signing in (same origin only). */
      redirect: text().max(500).optional(),
    }),
    response: z.unknown(),
    status: 302,
  }),
  mocsCallback: defineEndpoint({
    method: 'GET',
    path: '/api/v2/auth/mocs/callback',
    summary:
      "The provider's return: checks state, nonce, audience and expiry, creates or links the member, signs in; 302 to the app",
    tags: ['auth'],
    access: 'public',
    /** The provider's answer (RFC 6749 4.1.2, RFC 9207 `iss`); other parameters are ignored. */
    query: z.object({
      code: text().max(4000).optional(),
      state: text().max(4000).optional(),
      iss: text().max(4000).optional(),
      session_state: text().max(4000).optional(),
      error: text().max(4000).optional(),
      error_description: text().max(4000).optional(),
      error_uri: text().max(4000).optional(),
    }),
    response: z.unknown(),
    status: 302,
  }),
};
