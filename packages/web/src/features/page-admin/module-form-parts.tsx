import FormHelperText from '@mui/material/FormHelperText';
import type { PageModuleType } from '@plaza/contract';
import { useTranslation } from 'react-i18next';
import type { ModuleData } from './draft';
import { TextInput } from './fields';

/** What every module form gets: its data, how to change it, and the errors at its fields. */
export interface ModuleFormProps {
  type: PageModuleType;
  data: ModuleData;
  /** Replaces some fields of the data (a function gets the newest data, for changes after an await). */
  set: (patch: ModuleData | ((current: ModuleData) => ModuleData)) => void;
  /** The error at a field path inside the data (`title`, `items.0.link`). */
  errorAt: (path: string) => string | undefined;
  pageId: number;
}

/** A row of a list in a module's data (an image, a file, a coaching). */
export type Row = Record<string, unknown>;
/** A list of rows or ids in a module's data; anything else reads as empty. */
export const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);
export const idsOf = (value: unknown): number[] => (Array.isArray(value) ? (value as number[]) : []);

/** The module's heading, which it may leave empty. */
export function OptionalTitle({ data, set, errorAt }: ModuleFormProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('page_admin.fields.heading')}
      value={data.title}
      onChange={(title) => set({ title })}
      error={errorAt('title')}
      helperText={t('page_admin.fields.optional')}
    />
  );
}

/** The module's heading, which it must have. */
export function RequiredTitle({ data, set, errorAt }: ModuleFormProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('page_admin.fields.heading')}
      value={data.title}
      onChange={(title) => set({ title })}
      error={errorAt('title')}
      required
    />
  );
}

/** A list's own error (too few, too many entries), announced where the list is. */
export function ListError({ text }: { text: string | undefined }) {
  return text ? (
    <FormHelperText error role="alert">
      {text}
    </FormHelperText>
  ) : null;
}
