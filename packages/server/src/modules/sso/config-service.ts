import type { SsoProviderKind, ssoConfigInputSchema } from '@plaza/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError, forbidden } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { auditOrigin, recordAudit } from '../audit';
import { getSettings, setSettingByPath } from '../settings';
import { discoverProvider } from './oidc-client';
import { forgetSignInOptions } from './options-memo';
import { can } from './policy';
import { presentConfig } from './presenter';
import { type NewSsoProviderRow, ssoRepo } from './repo';
import { openSecret, sealSecret } from './secret-box';

type Deps = Pick<AppDeps, 'database' | 'config'>;
type SsoConfigInput = z.infer<typeof ssoConfigInputSchema>;

/** The providers and the password option, for a superadmin. */
export async function readSsoConfig(deps: Deps, user: SessionUser) {
  if (!can(user, 'administer')) throw forbidden();
  const { db } = deps.database;
  const [rows, localPasswords] = await Promise.all([ssoRepo.providers(db), ssoRepo.localPasswords(db)]);
  return presentConfig(rows, localPasswords, deps.config.publicUrl);
}

const invalid = (field: string, message: string) => new AppError(400, 'bad_request', message, field);

/**
 * Replaces the providers and the password option. Each enabled provider's discovery document must be
 * reachable with its issuer; a missing secret keeps the stored one. Recorded in the audit log (without
 * secrets); `settings.single_sign_on` follows: on while the OpenID provider is enabled and passwords are off.
 */
export async function updateSsoConfig(
  deps: Deps,
  user: SessionUser,
  request: FastifyRequest,
  input: SsoConfigInput,
) {
  if (!can(user, 'administer')) throw forbidden();
  const { db } = deps.database;
  const stored = new Map((await ssoRepo.providers(db)).map((row) => [row.kind, row]));
  const seen = new Set<SsoProviderKind>();
  const rows: NewSsoProviderRow[] = [];
  for (const [index, provider] of input.providers.entries()) {
    const field = (name: string) => `providers.${index}.${name}`;
    if (seen.has(provider.kind))
      throw invalid(field('kind'), `The provider ${provider.kind} is listed twice.`);
    seen.add(provider.kind);
    const previous = stored.get(provider.kind);
    const sealed = provider.client_secret
      ? sealSecret(deps.config, provider.client_secret)
      : (previous?.client_secret ?? null);
    if (provider.enabled) {
      if (!sealed) throw invalid(field('client_secret'), 'An enabled provider needs its client secret.');
      try {
        await discoverProvider({
          issuer: provider.issuer,
          client_id: provider.client_id,
          secret: provider.client_secret ?? openSecret(deps.config, sealed),
          clockSkewSeconds: 0,
        });
      } catch {
        throw invalid(
          field('issuer'),
          `The discovery document of ${provider.issuer} could not be read: check the issuer address.`,
        );
      }
    }
    const { client_secret: _secret, ...settings } = provider;
    rows.push({ ...settings, client_secret: sealed, updated_at: new Date() });
  }
  if (!input.local_passwords && !rows.some((row) => row.enabled)) {
    throw invalid('local_passwords', 'Passwords can be switched off only while a provider is enabled.');
  }
  const singleSignOn = !input.local_passwords && rows.some((row) => row.kind === 'oidc' && row.enabled);

  const result = await db.transaction(async (tx) => {
    const before = presentConfig(
      [...stored.values()],
      await ssoRepo.localPasswords(tx),
      deps.config.publicUrl,
    );
    await ssoRepo.replaceProviders(tx, rows);
    await ssoRepo.setLocalPasswords(tx, input.local_passwords);
    const after = presentConfig(await ssoRepo.providers(tx), input.local_passwords, deps.config.publicUrl);
    await recordAudit(tx, {
      actor: user,
      origin: auditOrigin(request),
      action: 'sso.update',
      resource_type: 'sso',
      resource_id: null,
      before,
      after,
    });
    return after;
  });
  forgetSignInOptions(db);
  if ((await getSettings(db)).single_sign_on !== singleSignOn) {
    await setSettingByPath(db, 'single_sign_on', singleSignOn);
  }
  return result;
}
