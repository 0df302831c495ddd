import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FallbackAvatar } from '../fallback-avatar';

/** A member offered after '@' in the editor. */
export interface MentionCandidate {
  id: number;
  label: string;
  img?: string | null;
}

/** What the editor's suggestion plugin reports while a mention is typed. */
export interface MentionState {
  items: MentionCandidate[];
  active: number;
  loading: boolean;
  query: string;
  rect: (() => DOMRect | null) | null;
  select: (item: MentionCandidate) => void;
}

/** The list of members matching the typed '@name', under the caret; chosen by click or keyboard. */
export function MentionList({ state, listId }: { state: MentionState | null; listId: string }) {
  const { t } = useTranslation();
  const rect = state?.rect;
  const anchor = rect ? { getBoundingClientRect: () => rect() ?? new DOMRect() } : null;
  return (
    <Popper open={Boolean(state && anchor)} anchorEl={anchor} placement="bottom-start" sx={{ zIndex: 1400 }}>
      <Paper elevation={6} sx={{ minWidth: 220, maxWidth: 320, py: 0.5 }}>
        {state && state.items.length === 0 && (
          <Typography role="status" sx={{ px: 2, py: 1 }} color="text.secondary">
            {state.loading ? t('rich_text.mentions.loading') : t('rich_text.mentions.no_results')}
          </Typography>
        )}
        {state && state.items.length > 0 && (
          <div id={listId} role="listbox" aria-label={t('rich_text.mentions.label')}>
            {state.items.map((item, index) => (
              <div
                key={item.id}
                tabIndex={-1}
                id={`${listId}-${item.id}`}
                role="option"
                aria-selected={index === state.active}
                onMouseDown={(event) => {
                  // Keep the editor's focus and caret while choosing.
                  event.preventDefault();
                  state.select(item);
                }}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 8,
                  padding: '6px 16px',
                  cursor: 'pointer',
                  background: index === state.active ? 'rgba(0, 0, 0, 0.08)' : undefined,
                }}
              >
                <FallbackAvatar src={item.img} size={28} />
                <Typography component="span">{item.label}</Typography>
              </div>
            ))}
          </div>
        )}
      </Paper>
    </Popper>
  );
}
