import { settingsSchema } from '@plaza/contract';
import type { Db } from '../src/db/client';
import { profileFields, userProfileFieldValues } from '../src/db/schema';
import { forgetSettingsDocuments, getSettings } from '../src/modules/settings';
import { settingsRepo } from '../src/modules/settings/repo';
import { deepMerge } from '../src/modules/settings/service';

/** Merges a patch into the stored settings (as an administrator's PUT would). */
export async function patchSettings(db: Db, patch: Record<string, unknown>): Promise<void> {
  const merged = deepMerge(await getSettings(db), patch);
  await settingsRepo.put(db, 'settings', settingsSchema.parse(merged));
  forgetSettingsDocuments(db);
}

/** A custom profile field; options are `{ value, labels }`. */
export async function buildProfileField(
  db: Db,
  input: {
    key: string;
    type?: 'text' | 'select' | 'multiselect';
    labels: Record<string, string>;
    options?: { value: string; labels: Record<string, string> }[];
    searchable?: boolean;
    filterable?: boolean;
    position?: number;
  },
) {
  const [row] = await db
    .insert(profileFields)
    .values({
      key: input.key,
      type: input.type ?? 'text',
      labels: input.labels,
      options: input.options ?? [],
      searchable: input.searchable ?? true,
      filterable: input.filterable ?? false,
      position: input.position ?? 0,
    })
    .returning();
  return row!;
}

/** Sets a member's values of a custom field. */
export async function setFieldValues(db: Db, userId: number, fieldId: number, values: string[]) {
  await db
    .insert(userProfileFieldValues)
    .values({ user_id: userId, field_id: fieldId, values })
    .onConflictDoUpdate({
      target: [userProfileFieldValues.user_id, userProfileFieldValues.field_id],
      set: { values },
    });
}
