import { defaultLocale, isLocale, type Locale, locales } from '@plaza/contract';
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
 * its text in the recipient's own language (the default language when theirs is unknown) for the push
 * on their NotificationChannel; a recipient who no longer exists gets nothing.
 */
export async function recordLocalisedActivity(
  deps: { db: Db; bus: EventBus },
  { userId, ...input }: LocalisedActivityInput,
): Promise<void> {
  await recordLocalisedActivities(deps, { ...input, userIds: [userId] });
}

/**
 * The same localised activity for many members at once (a group conversation's members): one query
 * for their languages, one insert, then each member's NotificationChannel and, per language, one web
 * push for those away. Members who no longer exist get nothing.
 */
export async function recordLocalisedActivities(
  deps: { db: Db; bus: EventBus },
  { textKey, vars, userIds, ...input }: Omit<LocalisedActivityInput, 'userId'> & { userIds: number[] },
): Promise<void> {
  const people = await activitiesRepo.languagesAndImage(deps.db, userIds, input.actorId);
  const localeOf = (language: string | null | undefined): Locale =>
    isLocale(language) ? language : defaultLocale;
  const recipients = people.filter((person) => userIds.includes(person.id));
  const rows = await activitiesRepo.insertMany(
    deps.db,
    recipients.map((person) => ({
      ...activityRow({
        ...input,
        userId: person.id,
        ...worded(localeOf(person.selected_language), textKey, vars),
      }),
    })),
    people.find((person) => person.id === input.actorId)?.img ?? null,
  );
  await Promise.all(
    rows.map((row) => {
      const locale = localeOf(recipients.find((person) => person.id === row.user_id)?.selected_language);
      return publishActivity(deps, row, locale, { push: false });
    }),
  );
  for (const locale of locales) {
    const away = rows.filter(
      (row) => localeOf(recipients.find((p) => p.id === row.user_id)?.selected_language) === locale,
    );
    if (away.length > 0)
      pushActivity(
        deps.db,
        away.map((row) => row.user_id),
        away[0]!,
        locale,
      );
  }
}
