import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { moveItem } from './paths';

/**
 * An ordered list whose entries move up and down by buttons (keyboard: Tab to a button, Enter or Space);
 * the focus follows the moved entry, so pressing again moves it further.
 */
export function ReorderList<T>({
  label,
  items,
  onChange,
  name,
  children,
}: {
  /** The list's accessible name. */
  label: string;
  items: readonly T[];
  onChange: (next: T[]) => void;
  /** The entry's name in the buttons' labels ("Move Groups up"). */
  name: (item: T, index: number) => string;
  children: (item: T, index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const focus = useRef<{ index: number; direction: 'up' | 'down' } | null>(null);
  useEffect(() => {
    const wanted = focus.current;
    if (!wanted) return;
    focus.current = null;
    const row = list.current?.children[wanted.index];
    const button =
      row?.querySelector<HTMLButtonElement>(`[data-move="${wanted.direction}"]:not(:disabled)`) ??
      row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    button?.focus();
  });
  const move = (index: number, by: -1 | 1) => {
    focus.current = { index: index + by, direction: by < 0 ? 'up' : 'down' };
    onChange(moveItem(items, index, by));
  };
  return (
    <List ref={list} aria-label={label} disablePadding>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; the index is their place.
        <ListItem key={index} divider sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Stack direction="row">
            <IconButton
              data-move="up"
              disabled={index === 0}
              onClick={() => move(index, -1)}
              aria-label={t('admin-settings.order.up', { name: name(item, index) })}
            >
              <ArrowUpward />
            </IconButton>
            <IconButton
              data-move="down"
              disabled={index === items.length - 1}
              onClick={() => move(index, 1)}
              aria-label={t('admin-settings.order.down', { name: name(item, index) })}
            >
              <ArrowDownward />
            </IconButton>
          </Stack>
          <Stack sx={{ flex: 1, minWidth: 220 }} spacing={1}>
            {children(item, index)}
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
