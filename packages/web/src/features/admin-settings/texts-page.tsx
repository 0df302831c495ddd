import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { adminLimits, textOverridesDocumentSchema } from '@plaza/contract/admin';
import { type Locale, locales } from '@plaza/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshTextOverrides } from '../../lib/i18n';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { BilingualField } from './bilingual-field';
import { type BuiltInText, loadBuiltInTexts, searchTexts } from './built-in-texts';
import { EditorFrame } from './editor-frame';
import { useDocumentEditor } from './use-document-editor';

type Overrides = Partial<Record<Locale, Record<string, string>>>;

const parseOverrides = (value: unknown): Overrides => textOverridesDocumentSchema.parse(value ?? {});

/** The most texts a search lists (a narrower search finds the rest). */
const shownMax = 50;

/** The overrides with one key's texts set (an empty text removes that language's override). */
function withTexts(overrides: Overrides, key: string, texts: Partial<Record<Locale, string>>): Overrides {
  const next: Overrides = {};
  for (const locale of locales) {
    const own = { ...overrides[locale] };
    const text = texts[locale];
    if (text) own[key] = text;
    else delete own[key];
    next[locale] = own;
  }
  return next;
}

function TextRow({
  entry,
  overrides,
  onChange,
  error,
}: {
  entry: BuiltInText;
  overrides: Overrides;
  onChange: (next: Overrides) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const own = Object.fromEntries(locales.map((locale) => [locale, overrides[locale]?.[entry.key] ?? '']));
  const overridden = locales.some((locale) => own[locale]);
  return (
    <ListItem divider sx={{ display: 'block' }}>
      <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace' }}>
        {entry.key}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ my: 1 }}>
        {locales.map((locale) => (
          <Typography
            key={locale}
            variant="body2"
            color="text.secondary"
            sx={{ flex: 1 }}
            lang={locale.replace('_', '-')}
          >
            {t(`admin-settings.languages.${locale}`)}: {entry.texts[locale] ?? ''}
          </Typography>
        ))}
      </Stack>
      <BilingualField
        label={t('admin-settings.texts.own_text')}
        value={own}
        onChange={(texts) => onChange(withTexts(overrides, entry.key, texts))}
        maxLength={adminLimits.textOverrideMax}
        error={error}
      />
      {overridden && (
        <Button size="small" onClick={() => onChange(withTexts(overrides, entry.key, {}))}>
          {t('admin-settings.texts.reset', { key: entry.key })}
        </Button>
      )}
    </ListItem>
  );
}

/** The customer's own wording of any text of the app, per language: search, change, reset to built-in. */
export function TextsPage() {
  const { t, i18n } = useTranslation();
  const editor = useDocumentEditor('text_overrides', parseOverrides, () =>
    refreshTextOverrides(i18n.language as Locale),
  );
  const builtIn = useQuery({
    queryKey: ['built-in-texts'],
    queryFn: loadBuiltInTexts,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search, 200);
  return (
    <EditorFrame
      editor={editor}
      title={t('admin-settings.texts.title')}
      intro={t('admin-settings.texts.intro')}
    >
      {(overrides) => {
        const all = builtIn.data ?? [];
        const ownKeys = new Set(locales.flatMap((locale) => Object.keys(overrides[locale] ?? {})));
        const found = term.trim() ? searchTexts(all, term) : all.filter((entry) => ownKeys.has(entry.key));
        const fieldError = (key: string) =>
          locales.map((locale) => editor.fieldError(`${locale}.${key}`)).find(Boolean);
        return (
          <Stack spacing={2}>
            <TextField
              type="search"
              label={t('admin-settings.texts.search')}
              helperText={t('admin-settings.texts.search_help')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              size="small"
            />
            {builtIn.isPending ? (
              <CircularProgress aria-label={t('admin-settings.editor.loading')} />
            ) : (
              <>
                <Typography role="status">
                  {term.trim()
                    ? t('admin-settings.texts.found', { count: found.length })
                    : t('admin-settings.texts.own_count', { count: found.length })}
                </Typography>
                <List aria-label={t('admin-settings.texts.list')}>
                  {found.slice(0, shownMax).map((entry) => (
                    <TextRow
                      key={entry.key}
                      entry={entry}
                      overrides={overrides}
                      onChange={editor.change}
                      error={fieldError(entry.key)}
                    />
                  ))}
                </List>
                {found.length > shownMax && (
                  <Typography color="text.secondary">
                    {t('admin-settings.texts.more', { count: shownMax })}
                  </Typography>
                )}
              </>
            )}
          </Stack>
        );
      }}
    </EditorFrame>
  );
}
