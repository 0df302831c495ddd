import { type Locale, locales } from '@plaza/contract';
import type { Db } from '../../db/client';
import type { EventBus } from '../../platform/bus';
import { t } from '../../platform/i18n';
import { activitiesRepo } from './repo';
import { type ActivityInput, activityRow, publishActivity, pushActivity } from './service';

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
 * its text in the recipient's own language for the push on their NotificationChannel; a recipient who
 * no longer exists gets nothing.
 */
export async function recordLocalisedActivity(
  deps: { db: Db; bus: EventBus },
  { userId, ...input }: LocalisedActivityInput,
): Promise<void> {
  await recordLocalisedActivities(deps, { ...input, userIds: [userId] });
}

/**
 * The same localised activity for many members at once (a group conversation's members): one insert
 * that words it in each member's language, then each member's NotificationChannel and, per language,
 * one web push for those away. Members who no longer exist get nothing.
 */
export async function recordLocalisedActivities(
  deps: { db: Db; bus: EventBus },
  { textKey, vars, userIds, ...input }: Omit<LocalisedActivityInput, 'userId'> & { userIds: number[] },
): Promise<void> {
  const texts = Object.fromEntries(locales.map((locale) => [locale, t(locale, textKey, vars)])) as Record<
    Locale,
    string
  >;
  // The fields every recipient's row shares; the insert adds each one's member and worded text.
  const {
    user_id: _user,
    text: _text,
    ...values
  } = activityRow({
    ...input,
    userId: 0,
    text: '',
    message: { key: textKey, vars },
  });
  const rows = await activitiesRepo.insertWorded(deps.db, userIds, values, texts);
  await Promise.all(rows.map((row) => publishActivity(deps, row, row.locale, { push: false })));
  for (const locale of locales) {
    const away = rows.filter((row) => row.locale === locale);
    if (away.length > 0)
      pushActivity(
        deps.db,
        away.map((row) => row.user_id),
        away[0]!,
        locale,
      );
  }
}
