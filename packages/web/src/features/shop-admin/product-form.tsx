import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { shopLimits } from '@plaza/contract/constants';
import { type ShopCurrency, shopCurrencies } from '@plaza/contract/shop';
import { useTranslation } from 'react-i18next';
import { growingSlots } from '../../components/growing-textarea';
import { SingleSelect } from '../../components/single-select';
import type { OptionValues, Problems, ProductValues } from './product-values';

/** The fields of a product; each shows its problem (the form's or the server's) beneath it. */
export function ProductForm({
  values,
  problems,
  onChange,
}: {
  values: ProductValues;
  problems: Problems;
  onChange: (values: ProductValues) => void;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof ProductValues>(key: K, value: ProductValues[K]) =>
    onChange({ ...values, [key]: value });
  const problem = (field: string) => {
    const found = problems[field];
    if (!found) return undefined;
    return 'key' in found ? t(found.key) : found.text;
  };
  const text = (field: 'name_de' | 'name_en' | 'description_de' | 'description_en', max: number) => ({
    label: t(`shop_admin.form.${field}`),
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    error: Boolean(problems[field]),
    helperText: problem(field),
    slotProps: { htmlInput: { maxLength: max } },
    fullWidth: true,
  });
  // The descriptions: areas that grow from three lines.
  const description = (field: 'description_de' | 'description_en') => {
    const props = text(field, shopLimits.descriptionMax);
    return { ...props, multiline: true, slotProps: growingSlots({ minRows: 3 }, props.slotProps.htmlInput) };
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 760 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField {...text('name_de', shopLimits.nameMax)} required />
        <TextField {...text('name_en', shopLimits.nameMax)} required />
      </Box>
      <TextField {...description('description_de')} />
      <TextField {...description('description_en')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <TextField
          label={t('shop_admin.form.price')}
          value={values.price}
          onChange={(event) => set('price', event.target.value)}
          required
          error={Boolean(problems.price)}
          helperText={problem('price') ?? t('shop_admin.form.price_hint')}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 16 } }}
        />
        <SingleSelect
          label={t('shop_admin.form.currency')}
          options={shopCurrencies.map((value) => ({ value, label: value }))}
          value={values.currency}
          required
          size="medium"
          error={Boolean(problems.currency)}
          helperText={problem('currency')}
          onChange={(value) => value && set('currency', value as ShopCurrency)}
        />
        <TextField
          label={t('shop_admin.form.tax_rate')}
          value={values.tax_rate}
          onChange={(event) => set('tax_rate', event.target.value)}
          required
          error={Boolean(problems.tax_rate)}
          helperText={problem('tax_rate') ?? t('shop_admin.form.tax_rate_hint')}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 6 } }}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Switch checked={values.unlimited} onChange={(event) => set('unlimited', event.target.checked)} />
          }
          label={t('shop_admin.form.unlimited')}
          sx={{ mt: 1 }}
        />
        {!values.unlimited && (
          <TextField
            label={t('shop_admin.form.stock')}
            value={values.stock}
            onChange={(event) => set('stock', event.target.value)}
            required
            error={Boolean(problems.stock)}
            helperText={problem('stock')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
            sx={{ maxWidth: 200 }}
          />
        )}
      </Box>
      <OptionsPart
        options={values.options}
        problem={problem}
        onChange={(options) => set('options', options)}
      />
      <FormControlLabel
        control={<Switch checked={values.active} onChange={(event) => set('active', event.target.checked)} />}
        label={t('shop_admin.form.active')}
      />
    </Box>
  );
}

/** The product's options (size, edition): key and labels in both languages, in the order members see. */
function OptionsPart({
  options,
  problem,
  onChange,
}: {
  options: OptionValues[];
  problem: (field: string) => string | undefined;
  onChange: (options: OptionValues[]) => void;
}) {
  const { t } = useTranslation();
  const setOption = (index: number, key: keyof OptionValues, value: string) =>
    onChange(options.map((option, at) => (at === index ? { ...option, [key]: value } : option)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...options];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('shop_admin.form.options')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('shop_admin.form.options_hint')}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {options.map((option, index) => {
          const n = index + 1;
          const field = (key: keyof OptionValues) => `options.${index}.${key}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place by position
            <Paper component="li" key={index} variant="outlined" sx={{ p: 1.5 }}>
              <Box
                sx={{
                  display: 'grid',
                  gap: 1,
                  gridTemplateColumns: { xs: '1fr', sm: '1fr 1.5fr 1.5fr auto' },
                  alignItems: 'start',
                }}
              >
                <TextField
                  label={t('shop_admin.form.option_id', { n })}
                  value={option.id}
                  onChange={(event) => setOption(index, 'id', event.target.value)}
                  error={Boolean(problem(field('id')))}
                  helperText={problem(field('id'))}
                  size="small"
                  slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'none', spellCheck: false } }}
                />
                <TextField
                  label={t('shop_admin.form.option_label_de', { n })}
                  value={option.label_de}
                  onChange={(event) => setOption(index, 'label_de', event.target.value)}
                  error={Boolean(problem(field('label_de')))}
                  helperText={problem(field('label_de'))}
                  size="small"
                  slotProps={{ htmlInput: { maxLength: shopLimits.optionLabelMax } }}
                />
                <TextField
                  label={t('shop_admin.form.option_label_en', { n })}
                  value={option.label_en}
                  onChange={(event) => setOption(index, 'label_en', event.target.value)}
                  error={Boolean(problem(field('label_en')))}
                  helperText={problem(field('label_en'))}
                  size="small"
                  slotProps={{ htmlInput: { maxLength: shopLimits.optionLabelMax } }}
                />
                <Box sx={{ display: 'flex' }}>
                  <IconButton
                    aria-label={t('shop_admin.form.option_up', { n })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={t('shop_admin.form.option_down', { n })}
                    disabled={index === options.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={t('shop_admin.form.option_remove', { n })}
                    onClick={() => onChange(options.filter((_, at) => at !== index))}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Box>
              </Box>
            </Paper>
          );
        })}
      </Box>
      {options.length < shopLimits.maxOptions && (
        <Button
          startIcon={<Add aria-hidden />}
          sx={{ mt: 1 }}
          onClick={() => onChange([...options, { id: '', label_de: '', label_en: '' }])}
        >
          {t('shop_admin.form.option_add')}
        </Button>
      )}
    </Box>
  );
}
