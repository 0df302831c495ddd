import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Option } from '@plaza/contract';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../lib/visually-hidden';

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

/** One entry of a repeated group (a child, a career station): a framed fieldset with a hidden legend. */
export function EntryFieldset({
  legend,
  columns,
  children,
}: {
  legend: ReactNode;
  columns: string;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="fieldset"
      sx={{
        m: 0,
        p: 2,
        pt: 1,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: columns },
        columnGap: 2,
      }}
    >
      <Box component="legend" sx={visuallyHidden}>
        {legend}
      </Box>
      {children}
    </Paper>
  );
}

/** The heading of a form saved on its own, with its last save result below it. */
export function SavedFormHeading({
  id,
  title,
  message,
}: {
  id: string;
  title: string;
  message: SaveMessage | null;
}) {
  return (
    <>
      <Typography id={id} variant="h3" sx={{ fontSize: '1.0625rem', fontWeight: 600, mb: 1 }}>
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
