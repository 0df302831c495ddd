import { type Settings, settingsSchema } from '@plaza/contract/settings';

/** The settings document as the editors work on it: the stored object with every default filled in. */
export const parseSettings = (value: unknown): Settings => settingsSchema.parse(value ?? {});
