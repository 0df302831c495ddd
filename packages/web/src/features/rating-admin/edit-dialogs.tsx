import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { AdminLocation, AdminRatingCategory } from '@plaza/contract';
import { ratingLimits } from '@plaza/contract/constants';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { SingleSelect } from '../../components/single-select';
import { apiErrorText } from '../../lib/api-error-text';
import { useSaveCategory, useSaveLocation } from './api';

function Actions({ pending, onClose }: { pending: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button onClick={onClose} disabled={pending}>
        {t('ratings.admin.cancel')}
      </Button>
      <Button type="submit" variant="contained" disabled={pending}>
        {t('ratings.admin.save')}
      </Button>
    </DialogActions>
  );
}

function LocationForm({
  titleId,
  item,
  onClose,
}: {
  titleId: string;
  item: AdminLocation | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveLocation();
  const [name, setName] = useState(item?.name ?? '');
  const [city, setCity] = useState(item?.city ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: item?.id, name, city }, { onSuccess: onClose });
  };
  return (
    <form onSubmit={submit}>
      <DialogTitle id={titleId}>
        {item ? t('ratings.admin.edit', { name: item.name }) : t('ratings.admin.add_location')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('ratings.admin.name')}
            value={name}
            required
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: ratingLimits.locationNameMaxLength } }}
          />
          <TextField
            label={t('ratings.admin.city')}
            value={city}
            onChange={(event) => setCity(event.target.value)}
            slotProps={{ htmlInput: { maxLength: ratingLimits.cityMaxLength } }}
          />
          {save.isError && <Alert severity="error">{apiErrorText(t, save.error)}</Alert>}
        </Stack>
      </DialogContent>
      <Actions pending={save.isPending} onClose={onClose} />
    </form>
  );
}

/** Adds or changes a location (name and city). */
export function LocationDialog({
  open,
  item,
  onClose,
}: {
  open: boolean;
  item: AdminLocation | null;
  onClose: () => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose} maxWidth="sm">
      {(titleId) => <LocationForm titleId={titleId} item={item} onClose={onClose} />}
    </FormDialog>
  );
}

function CategoryForm({
  titleId,
  item,
  locations,
  onClose,
}: {
  titleId: string;
  item: AdminRatingCategory | null;
  locations: AdminLocation[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCategory();
  const [labelDe, setLabelDe] = useState(item?.label_de ?? '');
  const [labelEn, setLabelEn] = useState(item?.label_en ?? '');
  const [position, setPosition] = useState(String(item?.position ?? 0));
  const [locationId, setLocationId] = useState<string | null>(
    item?.location_id ? String(item.location_id) : null,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        id: item?.id,
        label_de: labelDe,
        label_en: labelEn,
        position: Number(position) || 0,
        location_id: locationId === null ? null : Number(locationId),
      },
      { onSuccess: onClose },
    );
  };
  return (
    <form onSubmit={submit}>
      <DialogTitle id={titleId}>
        {item ? t('ratings.admin.edit', { name: item.label_en }) : t('ratings.admin.add_category')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('ratings.admin.label_de')}
            value={labelDe}
            required
            onChange={(event) => setLabelDe(event.target.value)}
            slotProps={{ htmlInput: { maxLength: ratingLimits.categoryLabelMaxLength } }}
          />
          <TextField
            label={t('ratings.admin.label_en')}
            value={labelEn}
            required
            onChange={(event) => setLabelEn(event.target.value)}
            slotProps={{ htmlInput: { maxLength: ratingLimits.categoryLabelMaxLength } }}
          />
          <TextField
            label={t('ratings.admin.position')}
            type="number"
            value={position}
            onChange={(event) => setPosition(event.target.value)}
            slotProps={{ htmlInput: { min: 0, max: ratingLimits.maxCategories } }}
          />
          <SingleSelect
            label={t('ratings.admin.scope')}
            searchable
            size="medium"
            options={locations.map((location) => ({ value: String(location.id), label: location.name }))}
            value={locationId}
            onChange={setLocationId}
            helperText={locationId === null ? t('ratings.admin.all_locations') : undefined}
          />
          {save.isError && <Alert severity="error">{apiErrorText(t, save.error)}</Alert>}
        </Stack>
      </DialogContent>
      <Actions pending={save.isPending} onClose={onClose} />
    </form>
  );
}

/** Adds or changes a rating category: labels in both languages, position, all locations or one. */
export function CategoryDialog({
  open,
  item,
  locations,
  onClose,
}: {
  open: boolean;
  item: AdminRatingCategory | null;
  locations: AdminLocation[];
  onClose: () => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose} maxWidth="sm">
      {(titleId) => <CategoryForm titleId={titleId} item={item} locations={locations} onClose={onClose} />}
    </FormDialog>
  );
}
