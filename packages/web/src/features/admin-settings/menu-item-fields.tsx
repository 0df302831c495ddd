import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StoredMenuItem } from '@plaza/contract/admin';
import { locales } from '@plaza/contract/constants';
import { routeNames } from '@plaza/contract/menu';
import { useTranslation } from 'react-i18next';
import { BilingualField } from './bilingual-field';

/** Menu entries that open one object and so need its id. */
const withReference = new Set(['page', 'profile', 'group', 'topic', 'job', 'rating']);

/** The fields of one main-menu entry: title per language, type, its target id or address, how it opens, shown. */
export function MenuItemFields({
  item,
  onChange,
  error,
}: {
  item: StoredMenuItem;
  onChange: (next: StoredMenuItem) => void;
  /** The server's refusal of a field of this entry, by its name (`title`, `url`, ...). */
  error: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<StoredMenuItem>) => onChange({ ...item, ...patch });
  const builtIn = typeof item.title === 'string' ? item.title : null;
  return (
    <Stack spacing={1}>
      {builtIn !== null ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{t(builtIn, { defaultValue: builtIn })}</Typography>
          <Typography color="text.secondary" variant="body2">
            {t('admin-settings.menus.built_in_title')}
          </Typography>
          <Button
            size="small"
            onClick={() =>
              set({
                title: Object.fromEntries(
                  locales.map((l) => [l, t(builtIn, { lng: l, defaultValue: builtIn })]),
                ),
              })
            }
          >
            {t('admin-settings.menus.own_title')}
          </Button>
        </Stack>
      ) : (
        <BilingualField
          label={t('admin-settings.menus.title_field')}
          value={item.title as Record<string, string>}
          onChange={(title) => set({ title })}
          maxLength={100}
          error={error('title')}
        />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          select
          label={t('admin-settings.menus.type')}
          value={item.type}
          onChange={(event) => set({ type: event.target.value as StoredMenuItem['type'] })}
          size="small"
          sx={{ minWidth: 180 }}
        >
          {routeNames.map((name) => (
            <MenuItem key={name} value={name}>
              {t(`admin-settings.menus.types.${name}`)}
            </MenuItem>
          ))}
        </TextField>
        {withReference.has(item.type) && (
          <TextField
            label={t('admin-settings.menus.reference_id')}
            type="number"
            value={item.reference_id ?? ''}
            onChange={(event) =>
              set({ reference_id: event.target.value === '' ? null : Number(event.target.value) })
            }
            error={Boolean(error('reference_id'))}
            helperText={error('reference_id')}
            size="small"
          />
        )}
        {item.type === 'external' && (
          <TextField
            label={t('admin-settings.menus.url')}
            type="url"
            value={item.url ?? ''}
            onChange={(event) => set({ url: event.target.value || null })}
            error={Boolean(error('url'))}
            helperText={error('url')}
            size="small"
            fullWidth
          />
        )}
        <TextField
          select
          label={t('admin-settings.menus.target')}
          value={item.target ?? '_self'}
          onChange={(event) => set({ target: event.target.value as '_self' | '_blank' })}
          size="small"
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="_self">{t('admin-settings.menus.same_tab')}</MenuItem>
          <MenuItem value="_blank">{t('admin-settings.menus.new_tab')}</MenuItem>
        </TextField>
      </Stack>
      <FormControlLabel
        control={
          <Switch checked={!item.hidden} onChange={(event) => set({ hidden: !event.target.checked })} />
        }
        label={t('admin-settings.menus.shown')}
      />
    </Stack>
  );
}
