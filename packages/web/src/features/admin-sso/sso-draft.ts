import type { SsoProviderKind, ssoConfigInputSchema, ssoConfigSchema } from '@plaza/contract';
import type { z } from 'zod';

type SsoConfig = z.infer<typeof ssoConfigSchema>;
type SsoInput = z.input<typeof ssoConfigInputSchema>;

/** A provider as the form edits it: lists as text, the secret empty unless a new one is typed. */
export interface ProviderDraft {
  kind: SsoProviderKind;
  enabled: boolean;
  issuer: string;
  client_id: string;
  client_secret: string;
  client_secret_set: boolean;
  scopes: string;
  claims: { username: string; firstname: string; lastname: string; email: string };
  allowed_email_domains: string;
  create_members: boolean;
  label: { de_DE: string; en_GB: string };
}

export interface SsoDraft {
  providers: ProviderDraft[];
  local_passwords: boolean;
}

/** A new provider's defaults: the standard claims of OpenID Connect. */
export function newProvider(kind: SsoProviderKind): ProviderDraft {
  return {
    kind,
    enabled: true,
    issuer: '',
    client_id: '',
    client_secret: '',
    client_secret_set: false,
    scopes: 'openid email profile',
    claims: {
      username: 'preferred_username',
      firstname: 'given_name',
      lastname: 'family_name',
      email: 'email',
    },
    allowed_email_domains: '',
    create_members: false,
    label: { de_DE: '', en_GB: '' },
  };
}

const words = (text: string) => text.split(/[\s,]+/).filter(Boolean);

export function draftOf(config: SsoConfig): SsoDraft {
  return {
    local_passwords: config.local_passwords,
    providers: config.providers.map((provider) => ({
      ...provider,
      client_secret: '',
      scopes: provider.scopes.join(' '),
      allowed_email_domains: provider.allowed_email_domains.join(', '),
      label: { de_DE: provider.label.de_DE ?? '', en_GB: provider.label.en_GB ?? '' },
    })),
  };
}

/** The body of `PUT admin/sso`: an empty secret keeps the stored one, empty labels are left out. */
export function inputOf(draft: SsoDraft): SsoInput {
  return {
    local_passwords: draft.local_passwords,
    providers: draft.providers.map(({ client_secret, client_secret_set: _set, ...provider }) => ({
      ...provider,
      ...(client_secret ? { client_secret } : {}),
      scopes: words(provider.scopes),
      allowed_email_domains: words(provider.allowed_email_domains),
      label: Object.fromEntries(Object.entries(provider.label).filter(([, text]) => text.trim())),
    })),
  };
}
