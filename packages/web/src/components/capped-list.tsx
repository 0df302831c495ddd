import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A list of short values showing the first `cap` as chips and a '+N' button that shows the rest.
 * `label` names the list for assistive technology (the button reads '+N more: <label>').
 */
export function CappedList({ values, cap, label }: { values: string[]; cap: number; label: string }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  if (values.length === 0) return null;
  const hidden = values.length - cap;
  const shown = expanded || hidden <= 0 ? values : values.slice(0, cap);
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        gap: 0.5,
        m: 0,
        p: 0,
        listStyle: 'none',
      }}
    >
      {shown.map((value, index) => (
        // Values may repeat (two people's texts are free), so the index keeps keys unique.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is static between renders
        <li key={`${value}-${index}`}>
          <Chip size="small" label={value} sx={{ maxWidth: '100%' }} />
        </li>
      ))}
      {!expanded && hidden > 0 && (
        <li>
          <Button
            size="small"
            variant="text"
            onClick={() => setExpanded(true)}
            aria-label={t('user_card.more', { count: hidden, list: label })}
            sx={{ position: 'relative', zIndex: 1, minWidth: 0, py: 0, px: 1, lineHeight: '24px' }}
          >
            +{hidden}
          </Button>
        </li>
      )}
    </Box>
  );
}
