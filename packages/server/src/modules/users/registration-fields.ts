import { type Locale, registrationFieldDefinitions } from '@plaza/contract';
import type { Db } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { loadEditableMember } from './access';
import type { Viewer } from './profile-policy';
import { usersRepo } from './repo';

type Answers = Record<string, string[]>;

/** The stored answers, keeping only lists of strings. */
function answersOf(value: unknown): Answers {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, entry]) => [
      key,
      Array.isArray(entry) ? entry.filter((item): item is string => typeof item === 'string') : [],
    ]),
  );
}

/** The registration fields with labels in `locale` and the member's answers marked `user_selected`. */
function presentFields(answers: Answers, locale: Locale) {
  return {
    fields: registrationFieldDefinitions.map((definition) => {
      const chosen = new Set(answers[definition.key] ?? []);
      return {
        key: definition.key,
        type: definition.type,
        label: t(locale, `people.registration.${definition.key}.label`),
        options: definition.options.map((value) => ({
          value,
          label: t(locale, `people.registration.${definition.key}.${value}`),
          user_selected: chosen.has(value),
        })),
      };
    }),
  };
}

/** GET users/registration_fields: the fields with the answers of `user_id` (default the caller; others: editors). */
export async function getRegistrationFields(
  db: Db,
  viewer: Viewer,
  userId: number | undefined,
  locale: Locale,
) {
  const member = await loadEditableMember(db, viewer, userId ?? viewer.id);
  return presentFields(answersOf(member.registration_data), locale);
}

/**
 * POST users/:id/registration_fields: merges the answers by key; unknown keys, unknown options and
 * several answers to a single choice are refused with a 400 naming `registration_data.<key>`.
 */
export async function saveRegistrationFields(
  db: Db,
  viewer: Viewer,
  userId: number,
  input: { registration_data: Record<string, string[]> },
  locale: Locale,
) {
  const member = await loadEditableMember(db, viewer, userId);
  const answers = answersOf(member.registration_data);
  for (const [key, values] of Object.entries(input.registration_data)) {
    const field = `registration_data.${key}`;
    const definition = registrationFieldDefinitions.find((entry) => entry.key === key);
    if (!definition) throw badRequest('There is no such registration field.', field);
    const unique = [...new Set(values)];
    if (definition.type === 'select' && unique.length > 1) throw badRequest('Choose one answer.', field);
    const allowed = new Set<string>(definition.options);
    if (unique.some((value) => !allowed.has(value))) throw badRequest('Choose answers of the list.', field);
    answers[key] = unique;
  }
  await usersRepo.update(db, member.id, { registration_data: answers });
  return presentFields(answers, locale);
}
