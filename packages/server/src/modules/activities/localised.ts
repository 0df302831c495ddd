import { defaultLocale, isLocale } from '@plaza/contract';
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

/**
 * Records an activity worded in the recipient's own language (the default language when theirs is
 * unknown) and pushes it on their NotificationChannel; a recipient who no longer exists gets nothing.
 */
export async function recordLocalisedActivity(
  deps: { db: Db; bus: EventBus },
  { textKey, vars, ...input }: LocalisedActivityInput,
): Promise<void> {
  const recipient = await findUserById(deps.db, input.userId);
  if (!recipient) return;
  const locale = isLocale(recipient.selected_language) ? recipient.selected_language : defaultLocale;
  await recordActivity(deps, { ...input, text: t(locale, textKey, vars) });
}
