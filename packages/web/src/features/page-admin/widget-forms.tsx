import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { pageModuleLimits } from '@plaza/contract/page-modules';
import { useTranslation } from 'react-i18next';
import { NumberInput, TextInput } from './fields';
import {
  ListError,
  type ModuleFormProps,
  OptionalTitle,
  RequiredTitle,
  type Row,
  rowsOf,
} from './module-form-parts';
import { moved, RowActions } from './row-actions';

/** A fundraising widget: its title, text, goal, amount raised and link. */
export function FundraisingForm(props: ModuleFormProps) {
  const { t } = useTranslation();
  const { data, set, errorAt } = props;
  return (
    <>
      <RequiredTitle {...props} />
      <TextInput
        label={t('page_admin.fields.description')}
        value={data.text}
        onChange={(text) => set({ text })}
        error={errorAt('text')}
        helperText={t('page_admin.fields.optional')}
        multiline
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <NumberInput
          label={t('page_admin.fields.goal')}
          value={data.goal}
          onChange={(goal) => set({ goal })}
          error={errorAt('goal')}
          required
        />
        <NumberInput
          label={t('page_admin.fields.raised')}
          value={data.raised}
          onChange={(raised) => set({ raised })}
          error={errorAt('raised')}
          required
        />
      </Box>
      <TextInput
        label={t('page_admin.fields.link')}
        value={data.link}
        onChange={(link) => set({ link })}
        error={errorAt('link')}
        helperText={t('page_admin.fields.link_hint')}
        inputMode="url"
      />
    </>
  );
}

/** A gym pass widget: its title, text and link. */
export function GymPassForm(props: ModuleFormProps) {
  const { t } = useTranslation();
  const { data, set, errorAt } = props;
  return (
    <>
      <RequiredTitle {...props} />
      <TextInput
        label={t('page_admin.fields.description')}
        value={data.text}
        onChange={(text) => set({ text })}
        error={errorAt('text')}
        helperText={t('page_admin.fields.optional')}
        multiline
      />
      <TextInput
        label={t('page_admin.fields.link')}
        value={data.link}
        onChange={(link) => set({ link })}
        error={errorAt('link')}
        helperText={t('page_admin.fields.link_hint')}
        inputMode="url"
        required
      />
    </>
  );
}

/** Coachings: rows of a page name, an article name and a link. */
export function CoachingsForm(props: ModuleFormProps) {
  const { t } = useTranslation();
  const { data, set, errorAt } = props;
  const items = rowsOf(data.items);
  const setItems = (next: Row[]) => set({ items: next });
  const change = (index: number, patch: Row) =>
    setItems(items.map((item, at) => (at === index ? { ...item, ...patch } : item)));
  return (
    <>
      <OptionalTitle {...props} />
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('page_admin.coachings.list')}>
        {items.map((item, index) => {
          const name = t('page_admin.coachings.row', { n: index + 1 });
          return (
            <Paper
              component="li"
              variant="outlined"
              // Rows have no id: their place names them.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              sx={{ p: 1, mb: 1 }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography component="h4" variant="subtitle2" sx={{ flex: 1 }}>
                  {name}
                </Typography>
                <RowActions
                  name={name}
                  index={index}
                  count={items.length}
                  onMove={(to) => setItems(moved(items, index, to))}
                  onRemove={() => setItems(items.filter((_, at) => at !== index))}
                />
              </Box>
              <TextInput
                label={t('page_admin.coachings.page_name', { n: index + 1 })}
                value={item.page_name}
                onChange={(page_name) => change(index, { page_name })}
                error={errorAt(`items.${index}.page_name`)}
                required
              />
              <TextInput
                label={t('page_admin.coachings.article_name', { n: index + 1 })}
                value={item.article_name}
                onChange={(article_name) => change(index, { article_name })}
                error={errorAt(`items.${index}.article_name`)}
                required
              />
              <TextInput
                label={t('page_admin.coachings.link', { n: index + 1 })}
                value={item.link}
                onChange={(link) => change(index, { link })}
                error={errorAt(`items.${index}.link`)}
                helperText={t('page_admin.fields.link_hint')}
                inputMode="url"
                required
              />
            </Paper>
          );
        })}
      </Box>
      <ListError text={errorAt('items')} />
      {items.length < pageModuleLimits.coachings && (
        <Button
          startIcon={<Add />}
          onClick={() => setItems([...items, { page_name: '', article_name: '', link: '' }])}
        >
          {t('page_admin.coachings.add')}
        </Button>
      )}
    </>
  );
}
