import { type AuthSession, type Settings, socialLoginTypes } from '@plaza/contract';
import type { Db } from '../../db/client';
import { isSuperadmin, type PermissionHolder } from '../../platform/permissions';
import { type KeptSignInOptions, keptSignInOptions } from './options-memo';
import { ssoRepo } from './repo';

async function signInOptions(db: Db): Promise<KeptSignInOptions> {
  const kept = keptSignInOptions.peek(db);
  if (kept) return kept;
  const mark = keptSignInOptions.mark(db);
  const [rows, localPasswords] = await Promise.all([ssoRepo.providers(db), ssoRepo.localPasswords(db)]);
  const options = {
    enabled: rows.filter((row) => row.enabled).map(({ kind, label }) => ({ kind, label })),
    localPasswords,
  };
  keptSignInOptions.keep(db, options, mark);
  return options;
}

const startUrl = (kind: string) => `/api/v2/auth/mocs?provider=${kind}`;

/**
 * The sign-in page's providers (`signup_config` of the auth session): the enabled social ones that the
 * sign-up configuration activates, the customer's OpenID provider, and whether passwords are offered.
 */
export async function signInChoices(
  db: Db,
  settings: Settings,
): Promise<Pick<AuthSession['signup_config'], 'social' | 'oidc' | 'local_passwords'>> {
  const { enabled, localPasswords } = await signInOptions(db);
  const active = new Set(settings.signup_configuration.active_login_types);
  const oidc = enabled.find((provider) => provider.kind === 'oidc');
  return {
    social: socialLoginTypes
      .filter((type) => active.has(type) && enabled.some((provider) => provider.kind === type))
      .map((type) => ({ type, url: startUrl(type) })),
    oidc: oidc ? { url: startUrl('oidc'), label: oidc.label } : null,
    local_passwords: localPasswords,
  };
}

/** Whether `user` may sign in with a password: always while passwords are on, else superadmins only. */
export async function mayUsePassword(db: Db, user: PermissionHolder): Promise<boolean> {
  return isSuperadmin(user) || (await signInOptions(db)).localPasswords;
}
