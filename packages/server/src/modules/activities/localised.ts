import { defaultLocale, isLocale, type Locale } from '@plaza/contract';
import type { Db } from '../../db/client';
import type { EventBus } from '../../platform/bus';
import { t } from '../../platform/i18n';
import { findUserById } from '../users';
import { type ActivityInput, recordActivity } from './service';

/** An activity whose text is a translation key (with its `{{name}}` values) rather than finished text. */
export interface LocalisedActivityInput extends Omit<ActivityInput, 'text'> {
  textKey: string;
  vars: Record<string, string>;
}

/** An activity's sentence both ways: worded in `locale` (the stored text) and as its key and values. */
export function worded(locale: Locale, key: string, vars: Record<string, string>) {
  return { text: t(locale, key, vars), message: { key, vars } };
}

/**
 * Records an activity as a translation key, so each reader sees it in their interface language, with
 * its text in the recipient's own language (the default language when theirs is unknown) for the push
 * on their NotificationChannel; a recipient who no longer exists gets nothing.
 */
export async function recordLocalisedActivity(
  deps: { db: Db; bus: EventBus },
  { textKey, vars, ...input }: LocalisedActivityInput,
): Promise<void> {
  const recipient = await findUserById(deps.db, input.userId);
  if (!recipient) return;
  const locale = isLocale(recipient.selected_language) ? recipient.selected_language : defaultLocale;
  await recordActivity(deps, { ...input, ...worded(locale, textKey, vars) }, locale);
}
