import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import {
  type Address,
  type AddressType,
  addressFieldsSchema,
  addressTypes,
  checkPostcode,
  emailSchema,
  genderSchema,
  profileLimits,
} from '@plaza/contract';
import { limits } from '@plaza/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, type Path, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiRequestError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { addressQuery, optionsQuery, useGenderOptions, useSaveAddress } from '../api/profile';
import { OptionSelect, SavedFormHeading, type SaveMessage } from './form-parts';
import { textFieldProps } from './form-text';
import { profileErrorText } from './profile-form-schema';

/** The address form: the contract's address input, with '' for "no salutation" and "no email". */
const addressFormSchema = addressFieldsSchema
  .extend({
    gender: z.union([genderSchema, z.literal('')]).transform((value) => (value === '' ? null : value)),
    email: z.union([z.literal(''), emailSchema]).transform((value) => (value === '' ? null : value)),
  })
  .superRefine(checkPostcode);
type AddressFields = z.input<typeof addressFormSchema>;
type AddressValues = z.output<typeof addressFormSchema>;

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

function AddressForm({
  userId,
  type,
  address,
}: {
  userId: number;
  type: AddressType;
  address: Address | null;
}) {
  const { t } = useTranslation();
  const save = useSaveAddress(userId, type);
  const salutations = useGenderOptions('salutation');
  const countries = useQuery(optionsQuery('country'));
  const [message, setMessage] = useState<SaveMessage | null>(null);
  const headingId = useId();
  const form = useForm<AddressFields, unknown, AddressValues>({
    resolver: zodResolver(addressFormSchema) as unknown as Resolver<AddressFields, unknown, AddressValues>,
    mode: 'onTouched',
    defaultValues: addressDefaults(address),
  });
  const text = (name: Path<AddressFields>, maxLength: number) => textFieldProps(form, t, name, { maxLength });
  const label = (name: string) => t(`profile.address.${name}`);

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      const saved = await save.mutateAsync(values);
      form.reset(addressDefaults(saved.address));
      setMessage({ severity: 'success', text: t('profile.address.saved') });
    } catch (caught) {
      const fields =
        caught instanceof ApiRequestError
          ? caught.errors.filter((item) => item.field && item.field in values)
          : [];
      for (const item of fields)
        form.setError(item.field as Path<AddressFields>, { type: 'server', message: item.message });
      if (fields.length === 0) setMessage({ severity: 'error', text: apiErrorText(t, caught) });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={headingId} sx={{ mb: 4 }}>
      <SavedFormHeading
        id={headingId}
        title={t(`profile.address.${type === 'invoice_address' ? 'invoice' : 'delivery'}`)}
        message={message}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <OptionSelect
          control={form.control}
          name="gender"
          label={label('salutation')}
          options={salutations}
        />
        <TextField label={label('title')} {...text('title', profileLimits.titleMax)} />
        <TextField
          label={label('firstname')}
          required
          autoComplete="given-name"
          {...text('firstname', limits.nameMaxLength)}
        />
        <TextField
          label={label('lastname')}
          required
          autoComplete="family-name"
          {...text('lastname', limits.nameMaxLength)}
        />
        <TextField
          label={label('address')}
          required
          autoComplete="address-line1"
          {...text('address', profileLimits.addressFieldMax)}
        />
        <TextField label={label('house_number')} required {...text('house_number', 20)} />
        <TextField
          label={label('address_2')}
          autoComplete="address-line2"
          {...text('address_2', profileLimits.addressFieldMax)}
        />
        <TextField
          label={label('address_details')}
          {...text('address_details', profileLimits.addressFieldMax)}
        />
        <TextField label={label('zip')} required autoComplete="postal-code" {...text('zip', 10)} />
        <TextField
          label={label('city')}
          required
          autoComplete="address-level2"
          {...text('city', profileLimits.addressFieldMax)}
        />
        <Controller
          control={form.control}
          name="country"
          render={({ field, fieldState }) => {
            const options = countries.data ?? [];
            return (
              <Autocomplete
                options={options}
                value={options.find((option) => option.value === field.value) ?? null}
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
                    helperText={profileErrorText(t, fieldState.error)}
                  />
                )}
              />
            );
          }}
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
                  onChange={(event) => field.onChange(event.target.checked)}
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
        <Button type="submit" variant="outlined" disabled={save.isPending}>
          {label('save')}
        </Button>
      </Box>
    </Box>
  );
}

function LoadedAddressForm({ userId, type }: { userId: number; type: AddressType }) {
  const { t } = useTranslation();
  const address = useQuery(addressQuery(userId, type));
  if (address.isError)
    return (
      <Alert severity="error" role="alert" sx={{ mb: 2 }}>
        {apiErrorText(t, address.error)}
      </Alert>
    );
  if (address.data === undefined) return <CircularProgress aria-label={t('profile.loading')} />;
  return <AddressForm userId={userId} type={type} address={address.data} />;
}

/** The invoice and the delivery address, each saved on its own. */
export function AddressForms({ userId }: { userId: number }) {
  return (
    <>
      {addressTypes.map((type) => (
        <LoadedAddressForm key={type} userId={userId} type={type} />
      ))}
    </>
  );
}
