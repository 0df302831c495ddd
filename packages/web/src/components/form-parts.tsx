import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Option } from '@plaza/contract';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** A form's save result shown under its heading. */
export type SaveMessage = { severity: 'success' | 'error'; text: string };

/**
 * A select of an option list (genders, salutations, statuses) with a "not given" entry ('') first, its
 * text `noneLabel` (by default the gender's).
 */
export function OptionSelect<T extends FieldValues, V>({
  control,
  name,
  label,
  options,
  noneLabel,
}: {
  control: Control<T, unknown, V>;
  name: FieldPath<T>;
  label: string;
  options: Option[];
  noneLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          label={label}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          fullWidth
          margin="normal"
        >
          <MenuItem value="">{noneLabel ?? t('profile.edit.gender_none')}</MenuItem>
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** The heading of a form saved on its own, with its last save result below it. */
export function SavedFormHeading({
  id,
  title,
  message,
  level = 'h3',
}: {
  id: string;
  title: string;
  message: SaveMessage | null;
  /** The heading's level where the page's outline needs another one. */
  level?: 'h2' | 'h3';
}) {
  return (
    <>
      <Typography
        id={id}
        variant="h3"
        component={level}
        sx={{ fontSize: '1.0625rem', fontWeight: 600, mb: 1 }}
      >
        {title}
      </Typography>
      {message && (
        <Alert
          severity={message.severity}
          role={message.severity === 'error' ? 'alert' : 'status'}
          sx={{ mb: 1 }}
        >
          {message.text}
        </Alert>
      )}
    </>
  );
}
