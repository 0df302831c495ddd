import { type Locale, registrationLimits } from '@plaza/contract';
import type { Db } from '../../db/client';
import { t } from '../../platform/i18n';
import type { Mailer } from '../../platform/mail';
import { getSettings } from '../settings';

export interface RegistrationMailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

async function send(
  deps: RegistrationMailDeps,
  to: string,
  locale: Locale,
  kind: string,
  lines: string[],
  name: string,
) {
  const settings = await getSettings(deps.db);
  const vars = { name, company: settings.company.name, hours: registrationLimits.confirmationHours };
  await deps.mailer.send({
    to,
    subject: t(locale, `mail.registration.${kind}.subject`, vars),
    text: [
      t(locale, 'mail.greeting', vars),
      '',
      t(locale, `mail.registration.${kind}.text`, vars),
      ...lines,
      '',
      t(locale, `mail.registration.${kind}.ignore`, vars),
      '',
      t(locale, 'mail.signature', vars),
    ].join('\n'),
  });
}

/** The confirmation mail: the single-use link and the username the account signs in with. */
export function mailConfirmation(
  deps: RegistrationMailDeps,
  to: { email: string; name: string; username: string; locale: Locale },
  token: string,
): Promise<void> {
  const link = `${deps.publicUrl}/${to.locale}/registration/confirm?token=${token}`;
  return send(
    deps,
    to.email,
    to.locale,
    'confirm',
    [link, '', t(to.locale, 'mail.registration.confirm.username', { username: to.username })],
    to.name,
  );
}

/** To an address already registered: nothing was created; how to sign in or set a new password. */
export function mailAlreadyRegistered(
  deps: RegistrationMailDeps,
  to: { email: string; name: string; locale: Locale },
): Promise<void> {
  const base = `${deps.publicUrl}/${to.locale}`;
  return send(
    deps,
    to.email,
    to.locale,
    'existing',
    [`${base}/login`, '', t(to.locale, 'mail.registration.existing.reset'), `${base}/forgot_password`],
    to.name,
  );
}
