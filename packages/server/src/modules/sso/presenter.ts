import type { ssoConfigSchema, ssoProviderSchema } from '@plaza/contract';
import type { z } from 'zod';
import type { SsoProviderRow } from './repo';

/** Where providers send the browser back (registered at each provider). */
export function callbackUrl(publicUrl: string): string {
  return `${publicUrl}/api/v2/auth/mocs/callback`;
}

/** A provider as the administration reads it: whether a secret is stored, never the secret. */
export function presentProvider(row: SsoProviderRow): z.infer<typeof ssoProviderSchema> {
  return {
    kind: row.kind as z.infer<typeof ssoProviderSchema>['kind'],
    enabled: row.enabled,
    issuer: row.issuer,
    client_id: row.client_id,
    scopes: row.scopes,
    claims: row.claims,
    allowed_email_domains: row.allowed_email_domains,
    create_members: row.create_members,
    label: row.label,
    client_secret_set: Boolean(row.client_secret),
  };
}

export function presentConfig(
  rows: SsoProviderRow[],
  localPasswords: boolean,
  publicUrl: string,
): z.infer<typeof ssoConfigSchema> {
  return {
    providers: rows.map(presentProvider),
    local_passwords: localPasswords,
    redirect_uri: callbackUrl(publicUrl),
  };
}
