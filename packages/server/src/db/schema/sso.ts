import { ssoProviderKinds } from '@plaza/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { users } from './users';

/**
 * The sign-in providers (`modules/sso`): one row per kind (the customer's OpenID provider, the social
 * ones). `client_secret` is AES-256-GCM ciphertext under the server's SSO key, never sent out.
 */
export const ssoProviders = pgTable(
  'sso_providers',
  {
    kind: text('kind').primaryKey(),
    enabled: boolean('enabled').notNull(),
    issuer: text('issuer').notNull(),
    client_id: text('client_id').notNull(),
    client_secret: text('client_secret'),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    claims: jsonb('claims')
      .$type<Record<'username' | 'firstname' | 'lastname' | 'email', string>>()
      .notNull(),
    allowed_email_domains: jsonb('allowed_email_domains').$type<string[]>().notNull(),
    create_members: boolean('create_members').notNull(),
    label: jsonb('label').$type<Record<string, string>>().notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sso_providers_kind_check', oneOf(t.kind, ssoProviderKinds))],
);

/** The one row of sign-in options: whether members may still sign in with a password. */
export const ssoOptions = pgTable(
  'sso_options',
  {
    id: smallint('id').primaryKey().default(1),
    local_passwords: boolean('local_passwords').notNull(),
  },
  (t) => [check('sso_options_single_row', sql`${t.id} = 1`)],
);

/** Which provider account belongs to which member (linked at first sign-in). */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    index('sso_identities_user_idx').on(t.user_id),
    check('sso_identities_provider_check', oneOf(t.provider, ssoProviderKinds)),
  ],
);

/**
 * Sign-ins under way: keyed by the SHA-256 of their `state` (which the browser holds in an httpOnly
 * cookie too), with the PKCE verifier and nonce; consumed once by the callback, gone after a few minutes.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    code_verifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirect: text('redirect'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_logins_expires_idx').on(t.expires_at)],
);
