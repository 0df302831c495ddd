import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Moves the item at `from` to `to` (a copy). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * Up, down and remove for an item of an ordered list; `name` says which item in the buttons' names.
 * A moved item's button keeps the focus (the list re-renders it in its new place).
 */
export function RowActions({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const movedBy = useRef<'up' | 'down' | null>(null);
  // At the top or the bottom the pressed button is disabled and would drop the focus: the other one takes it.
  useEffect(() => {
    if (movedBy.current === 'up' && index === 0) down.current?.focus();
    if (movedBy.current === 'down' && index === count - 1) up.current?.focus();
    movedBy.current = null;
  }, [index, count]);
  return (
    <Box sx={{ display: 'flex', flexShrink: 0 }}>
      <IconButton
        ref={up}
        size="small"
        aria-label={t('page_admin.rows.move_up', { name })}
        disabled={index === 0}
        onClick={() => {
          movedBy.current = 'up';
          onMove(index - 1);
        }}
      >
        <ArrowUpward fontSize="small" />
      </IconButton>
      <IconButton
        ref={down}
        size="small"
        aria-label={t('page_admin.rows.move_down', { name })}
        disabled={index === count - 1}
        onClick={() => {
          movedBy.current = 'down';
          onMove(index + 1);
        }}
      >
        <ArrowDownward fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={t('page_admin.rows.remove', { name })} onClick={onRemove}>
        <DeleteOutline fontSize="small" />
      </IconButton>
    </Box>
  );
}
