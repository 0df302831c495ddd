import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { LinkPreview } from '@plaza/contract';
import { timings } from '@plaza/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../lib/api-client';
import { routes } from '../lib/endpoint-routes';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { isLinkOnly, linkOnly } from './link-preview/link-only';
import { LinkPreviewCard } from './link-preview/link-preview-card';
import { previewLookupText } from './link-preview/lookup-rule';

export interface LinkPreviewInputProps {
  /** The preview attached to the post, or null. */
  value: LinkPreview | null;
  /**
   * Called with the looked-up preview (the link alone when none was found), or null when the link is
   * changed or removed.
   */
  onChange(value: LinkPreview | null): void;
  /** The typed text, when the form keeps it (it posts the link even before a lookup answered). */
  link?: string;
  onLinkChange?(link: string): void;
  disabled?: boolean;
}

/**
 * The link field of the post box: a preview is looked up (`GET media.preview`) for valid links of at
 * least 10 characters, 500 ms after the last keystroke, and shown as a card with a remove button; a
 * link without a preview is kept and shown as a plain link card. Editing the link drops the current
 * preview until the new one arrives.
 */
export function LinkPreviewInput({
  value,
  onChange,
  link,
  onLinkChange,
  disabled = false,
}: LinkPreviewInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [ownText, setOwnText] = useState(link ?? value?.url ?? '');
  const text = link ?? ownText;
  const setText = (next: string) => {
    setOwnText(next);
    onLinkChange?.(next);
  };
  const debounced = useDebouncedValue(text, timings.linkPreviewDebounceMs);
  const settled = debounced === text;
  const lookup = settled ? previewLookupText(debounced) : null;
  const query = useQuery({
    queryKey: ['link-preview', lookup],
    queryFn: () => call(routes.media.preview, { query: { url: lookup ?? '' } }),
    enabled: lookup !== null && !disabled && value === null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const answered = query.isSuccess || query.isError;
  const found = query.data?.preview ?? null;

  // No preview (none found, the lookup failed): the link itself is kept, shown as a plain link card.
  useEffect(() => {
    if (value === null && lookup !== null && answered) onChange(found ?? linkOnly(lookup));
  }, [found, answered, value, lookup, onChange]);

  const change = (next: string) => {
    setText(next);
    if (value) onChange(null);
  };
  const remove = () => {
    setText('');
    onChange(null);
  };

  const invalid = settled && text.trim() !== '' && lookup === null;
  const notFound = !invalid && value !== null && isLinkOnly(value);
  const helper = invalid
    ? t('link_preview.invalid')
    : notFound
      ? t('link_preview.not_found')
      : t('link_preview.hint');

  return (
    <Stack spacing={1.5}>
      <TextField
        id={id}
        type="url"
        inputMode="url"
        label={t('link_preview.label')}
        placeholder={t('link_preview.placeholder')}
        value={text}
        onChange={(event) => change(event.target.value)}
        disabled={disabled}
        error={invalid}
        helperText={helper}
        autoComplete="off"
        fullWidth
        slotProps={{
          input: {
            endAdornment: query.isFetching ? (
              <InputAdornment position="end">
                <CircularProgress size={20} aria-label={t('link_preview.loading')} />
              </InputAdornment>
            ) : undefined,
          },
          htmlInput: { maxLength: 2048, spellCheck: false },
        }}
      />
      {value && <LinkPreviewCard preview={value} onRemove={disabled ? undefined : remove} />}
    </Stack>
  );
}
