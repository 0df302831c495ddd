import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AdminSubscriptionOption } from '@plaza/contract/registration';
import { subscriptionPeriods } from '@plaza/contract/registration';
import { shopCurrencies } from '@plaza/contract/shop';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang';
import { optionInput, optionValues } from './admin-values';
import { useSaveOption } from './api';
import { BilingualFields, EditorForm, fieldGrid, useEditor } from './editor-form';

/** Creates or edits a subscription option (names and descriptions in both languages, price as typed). */
export function OptionEditor({
  option,
  onDone,
}: {
  option: AdminSubscriptionOption | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const save = useSaveOption();
  const editor = useEditor({
    initial: () => optionValues(option, lang),
    toInput: optionInput,
    save: (input, image) => save.mutateAsync({ id: option?.id ?? null, input, image }),
    onDone,
  });
  const { values, setValues, field } = editor;
  return (
    <EditorForm
      heading={option ? t('registration.admin.options.edit') : t('registration.admin.options.new')}
      editor={editor}
      active={values.active}
      onActive={(active) => setValues({ ...values, active })}
      hasImage={Boolean(option?.image)}
      pending={save.isPending}
      onCancel={onDone}
    >
      <Box sx={fieldGrid}>
        <BilingualFields field={field} />
        <TextField
          {...field('price', t('registration.admin.form.price'))}
          required
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField {...field('currency', t('registration.admin.form.currency'), { select: true })}>
          {shopCurrencies.map((currency) => (
            <MenuItem key={currency} value={currency}>
              {currency}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...field('tax_rate', t('registration.admin.form.tax_rate'))}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField {...field('period', t('registration.admin.form.period'), { select: true })}>
          {subscriptionPeriods.map((period) => (
            <MenuItem key={period} value={period}>
              {t(`registration.admin.periods.${period}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...field('minimum_term', t('registration.admin.form.minimum_term'))}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          {...field('notice_days', t('registration.admin.form.notice_days'))}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Box>
    </EditorForm>
  );
}
