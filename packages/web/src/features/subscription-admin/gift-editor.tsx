import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import type { AdminGift, AdminSubscriptionOption } from '@plaza/contract/registration';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang';
import { giftInput, giftValues } from './admin-values';
import { useSaveGift } from './api';
import { BilingualFields, EditorForm, fieldGrid, useEditor } from './editor-form';

/** Creates or edits a gift: names, stock or unlimited, the options it comes with, image. */
export function GiftEditor({
  gift,
  options,
  onDone,
}: {
  gift: AdminGift | undefined;
  options: AdminSubscriptionOption[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const save = useSaveGift();
  const editor = useEditor({
    initial: () => giftValues(gift),
    toInput: giftInput,
    save: (input, image) => save.mutateAsync({ id: gift?.id ?? null, input, image }),
    onDone,
  });
  const { values, setValues, field } = editor;
  const toggleOption = (id: number) =>
    setValues({
      ...values,
      subscription_option_ids: values.subscription_option_ids.includes(id)
        ? values.subscription_option_ids.filter((item) => item !== id)
        : [...values.subscription_option_ids, id],
    });

  return (
    <EditorForm
      heading={gift ? t('registration.admin.gifts.edit') : t('registration.admin.gifts.new')}
      editor={editor}
      active={values.active}
      onActive={(active) => setValues({ ...values, active })}
      hasImage={Boolean(gift?.image)}
      pending={save.isPending}
      onCancel={onDone}
    >
      <Box sx={fieldGrid}>
        <BilingualFields field={field} />
      </Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={values.unlimited}
            onChange={(event) => setValues({ ...values, unlimited: event.target.checked })}
          />
        }
        label={t('registration.admin.form.unlimited')}
      />
      {!values.unlimited && (
        <TextField
          {...field('stock', t('registration.admin.form.stock'))}
          fullWidth={false}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      )}
      <FormControl component="fieldset" sx={{ display: 'block', my: 1 }}>
        <FormLabel component="legend">{t('registration.admin.form.options')}</FormLabel>
        <FormGroup>
          {options.map((option) => (
            <FormControlLabel
              key={option.id}
              control={
                <Checkbox
                  checked={values.subscription_option_ids.includes(option.id)}
                  onChange={() => toggleOption(option.id)}
                />
              }
              label={lang === 'de_DE' ? option.name_de : option.name_en}
            />
          ))}
        </FormGroup>
      </FormControl>
    </EditorForm>
  );
}
