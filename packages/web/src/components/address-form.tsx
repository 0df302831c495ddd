import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { limits } from '@plaza/contract/constants';
// Subpaths, never the contract's index: this form is part of the cart's first load.
import { emailSchema } from '@plaza/contract/entities';
import { postcodeFits } from '@plaza/contract/postcodes';
import {
  type Address,
  type AddressType,
  addressFieldsSchema,
  genderSchema,
  type Option,
} from '@plaza/contract/profile';
import { useId, useState } from 'react';
import { Controller, type Path, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiRequestError } from '../lib/api-client';
import { apiErrorText } from '../lib/api-error-text';
import { addressTextFields } from './address-fields';
import { OptionSelect, SavedFormHeading, type SaveMessage } from './form-parts';
import { fieldErrorText, textFieldProps } from './form-text';

/** The text key of a postcode that does not fit its country's format (the contract's `postcodePatterns`). */
const postcodeError = 'profile.edit.errors.postcode';

/** The address form: the contract's address input, with '' for "no salutation" and "no email". */
const addressFormSchema = addressFieldsSchema
  .extend({
    gender: z.union([genderSchema, z.literal('')]).transform((value) => (value === '' ? null : value)),
    email: z.union([z.literal(''), emailSchema]).transform((value) => (value === '' ? null : value)),
  })
  .superRefine((value, ctx) => {
    if (!postcodeFits(value.country, value.zip)) {
      ctx.addIssue({ code: 'custom', path: ['zip'], message: postcodeError });
    }
  });
type AddressFields = z.input<typeof addressFormSchema>;
/** What the address form saves: the contract's address input. */
export type AddressValues = z.output<typeof addressFormSchema>;

const addressDefaults = (address: Address | null): AddressFields => ({
  gender: address?.gender ?? '',
  title: address?.title ?? '',
  firstname: address?.firstname ?? '',
  lastname: address?.lastname ?? '',
  address: address?.address ?? '',
  house_number: address?.house_number ?? '',
  address_2: address?.address_2 ?? '',
  address_details: address?.address_details ?? '',
  zip: address?.zip ?? '',
  city: address?.city ?? '',
  country: address?.country ?? '',
  email: address?.email ?? '',
  separate_delivery_address: address?.separate_delivery_address ?? false,
});

/** What an address form is told besides its address. */
export interface AddressFormProps {
  type: AddressType;
  address: Address | null;
  /** The heading over the form. */
  title: string;
  /** The countries to choose from (entries with an empty code are dropped here, spec 5). */
  countries: Option[];
  salutations: Option[];
  /** Saves the address and answers the saved one; a refusal's field errors show at their fields. */
  onSave: (values: AddressValues) => Promise<Address | null>;
  /** The text shown once saved. */
  savedText: string;
  /** Ticking "separate delivery address" of the invoice address (before it is saved). */
  onSeparateChange?: (separate: boolean) => void;
  headingLevel?: 'h2' | 'h3';
}

/**
 * The invoice or delivery address form (spec 3 "Delivery address", "Invoice address"): every field,
 * the postal code checked against the country before sending, and the server's field errors
 * (`{errors: [{code, message, field}]}`) shown at the fields they name. The profile and the cart use it.
 */
export function AddressForm({
  type,
  address,
  title,
  countries,
  salutations,
  onSave,
  savedText,
  onSeparateChange,
  headingLevel,
}: AddressFormProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<SaveMessage | null>(null);
  const [saving, setSaving] = useState(false);
  const headingId = useId();
  const form = useForm<AddressFields, unknown, AddressValues>({
    resolver: zodResolver(addressFormSchema) as unknown as Resolver<AddressFields, unknown, AddressValues>,
    mode: 'onTouched',
    defaultValues: addressDefaults(address),
  });
  const text = (name: Path<AddressFields>, maxLength: number) => textFieldProps(form, t, name, { maxLength });
  const label = (name: string) => t(`profile.address.${name}`);
  const countryOptions = countries.filter((option) => option.value !== '');

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    setSaving(true);
    try {
      const saved = await onSave(values);
      form.reset(addressDefaults(saved));
      setMessage({ severity: 'success', text: savedText });
    } catch (caught) {
      const fields =
        caught instanceof ApiRequestError
          ? caught.errors.filter((item) => item.field && item.field in values)
          : [];
      for (const item of fields) {
        // The server's postcode check is the same rule as the form's: its text in the page language.
        const message = item.field === 'zip' ? postcodeError : item.message;
        form.setError(item.field as Path<AddressFields>, { type: 'server', message });
      }
      if (fields.length === 0) setMessage({ severity: 'error', text: apiErrorText(t, caught) });
    } finally {
      setSaving(false);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={headingId} sx={{ mb: 4 }}>
      <SavedFormHeading id={headingId} title={title} message={message} level={headingLevel} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <OptionSelect
          control={form.control}
          name="gender"
          label={label('salutation')}
          options={salutations}
        />
        {addressTextFields.map((field) => (
          <TextField
            key={field.name}
            label={label(field.name)}
            required={field.required}
            autoComplete={field.autoComplete}
            {...text(field.name, field.max)}
          />
        ))}
        <Controller
          control={form.control}
          name="country"
          render={({ field, fieldState }) => (
            <Autocomplete
              options={countryOptions}
              value={countryOptions.find((option) => option.value === field.value) ?? null}
              onChange={(_, chosen) => field.onChange(chosen?.value ?? '')}
              onBlur={field.onBlur}
              getOptionLabel={(option) => option.label}
              isOptionEqualToValue={(option, value) => option.value === value.value}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={label('country')}
                  required
                  name={field.name}
                  inputRef={field.ref}
                  margin="normal"
                  error={Boolean(fieldState.error)}
                  helperText={fieldErrorText(t, fieldState.error)}
                />
              )}
            />
          )}
        />
        <TextField
          label={label('email')}
          type="email"
          autoComplete="email"
          {...text('email', limits.emailMaxLength)}
        />
      </Box>
      {type === 'invoice_address' && (
        <Controller
          control={form.control}
          name="separate_delivery_address"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  checked={Boolean(field.value)}
                  onChange={(event) => {
                    field.onChange(event.target.checked);
                    onSeparateChange?.(event.target.checked);
                  }}
                  slotProps={{ input: { ref: field.ref } }}
                  name={field.name}
                />
              }
              label={label('separate_delivery_address')}
            />
          )}
        />
      )}
      <Box sx={{ mt: 1 }}>
        <Button type="submit" variant="outlined" disabled={saving}>
          {label('save')}
        </Button>
      </Box>
    </Box>
  );
}
