import InsertEmoticonIcon from '@mui/icons-material/InsertEmoticon';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { EmojiPicker, type EmojiPickerListEmojiProps, type EmojiPickerListRowProps } from 'frimousse';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../lib/visually-hidden';
import { bundledEmojiData } from './emoji-data';

/**
 * An emoji cell, named by the data's label in the reader's language (and shown on hover). frimousse also
 * draws a hidden row of unnamed cells to measure one; those get no empty `aria-label`.
 */
function EmojiButton({ emoji, ...props }: EmojiPickerListEmojiProps) {
  // frimousse counts columns from 0; ARIA counts from 1.
  const cell = {
    ...props,
    'aria-colindex': Number(props['aria-colindex'] ?? 0) + 1,
    'aria-label': emoji.label || undefined,
  };
  return (
    <button
      type="button"
      {...cell}
      title={emoji.label || undefined}
      style={{
        ...props.style,
        width: 36,
        height: 36,
        fontSize: 22,
        border: 0,
        borderRadius: 6,
        cursor: 'pointer',
        background: emoji.isActive ? 'rgba(0, 0, 0, 0.12)' : 'transparent',
      }}
    >
      {emoji.emoji}
    </button>
  );
}

/**
 * A row of emojis. frimousse finds rows by a 0-based aria-rowindex to scroll them into view; ARIA
 * allows no 0, so the first row goes without one (it is scrolled to by position).
 */
function EmojiRow({ children, ...props }: EmojiPickerListRowProps) {
  const row = {
    ...props,
    'aria-rowindex': props['aria-rowindex'] === 0 ? undefined : props['aria-rowindex'],
  };
  return (
    <div {...row} style={{ ...props.style, padding: '0 6px' }}>
      {children}
    </div>
  );
}

/**
 * A button opening the emoji picker in a popover. Type to search; the arrow keys move through the
 * emojis and Enter inserts one; Escape closes. Data comes with the app (see `emoji-data.ts`).
 */
export function EmojiPickerButton({
  onSelect,
  disabled,
}: {
  onSelect: (emoji: string) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const searchId = useId();
  const open = Boolean(anchor);
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('rich_text.emoji.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        disabled={disabled}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <InsertEmoticonIcon fontSize="small" />
      </IconButton>
      <Popover
        id={popoverId}
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': t('rich_text.emoji.title') } }}
      >
        <EmojiPicker.Root
          locale={i18n.language.startsWith('de') ? 'de' : 'en'}
          resolveEmojiData={bundledEmojiData}
          columns={8}
          onEmojiSelect={({ emoji }) => {
            onSelect(emoji);
            setAnchor(null);
          }}
          style={{ display: 'flex', flexDirection: 'column', width: 320, height: 360 }}
        >
          <Box sx={{ p: 1 }}>
            <label htmlFor={searchId} style={visuallyHidden}>
              {t('rich_text.emoji.search')}
            </label>
            <EmojiPicker.Search
              id={searchId}
              autoFocus
              placeholder={t('rich_text.emoji.search')}
              style={{
                width: '100%',
                boxSizing: 'border-box',
                padding: '8px 10px',
                fontSize: 16,
                borderRadius: 4,
                border: '1px solid #767676',
              }}
            />
          </Box>
          <EmojiPicker.Viewport style={{ flex: 1, outline: 'none' }} aria-label={t('rich_text.emoji.list')}>
            <EmojiPicker.Loading>
              <Typography sx={{ p: 2 }} color="text.secondary">
                {t('rich_text.emoji.loading')}
              </Typography>
            </EmojiPicker.Loading>
            <EmojiPicker.Empty>
              <Typography sx={{ p: 2 }} color="text.secondary">
                {t('rich_text.emoji.no_results')}
              </Typography>
            </EmojiPicker.Empty>
            <EmojiPicker.List
              aria-label={t('rich_text.emoji.list')}
              style={{ paddingBottom: 8 }}
              components={{
                CategoryHeader: ({ category, ...props }) => (
                  <div
                    {...props}
                    style={{
                      ...props.style,
                      padding: '6px 10px',
                      fontSize: 12,
                      fontWeight: 600,
                      color: '#555',
                      background: '#fff',
                    }}
                  >
                    {category.label}
                  </div>
                ),
                Row: EmojiRow,
                Emoji: EmojiButton,
              }}
            />
          </EmojiPicker.Viewport>
        </EmojiPicker.Root>
      </Popover>
    </>
  );
}
