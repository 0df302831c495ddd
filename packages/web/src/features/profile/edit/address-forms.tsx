import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { type AddressType, addressTypes } from '@plaza/contract/profile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AddressForm } from '../../../components/address-form';
import { apiErrorText } from '../../../lib/api-error-text';
import { addressQuery, optionsQuery, useGenderOptions, useSaveAddress } from '../api/profile';

function LoadedAddressForm({ userId, type }: { userId: number; type: AddressType }) {
  const { t } = useTranslation();
  const address = useQuery(addressQuery(userId, type));
  const save = useSaveAddress(userId, type);
  const salutations = useGenderOptions('salutation');
  const countries = useQuery(optionsQuery('country'));
  if (address.isError)
    return (
      <Alert severity="error" role="alert" sx={{ mb: 2 }}>
        {apiErrorText(t, address.error)}
      </Alert>
    );
  if (address.data === undefined) return <CircularProgress aria-label={t('profile.loading')} />;
  return (
    <AddressForm
      type={type}
      address={address.data}
      title={t(`profile.address.${type === 'invoice_address' ? 'invoice' : 'delivery'}`)}
      countries={countries.data ?? []}
      salutations={salutations}
      onSave={async (values) => (await save.mutateAsync(values)).address}
      savedText={t('profile.address.saved')}
    />
  );
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
