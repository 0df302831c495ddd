import type { MentionNodeAttrs } from '@tiptap/extension-mention';
import type { SuggestionOptions } from '@tiptap/suggestion';
import type { MentionCandidate, MentionState } from './mention-list';

/** Wait after the last keystroke before members are searched. */
export const mentionSearchDebounceMs = 250;

/**
 * The '@' suggestion of the editor: searches members as the name is typed (through `search`) and
 * reports the list to React through `report`; arrow keys move, Enter or Tab chooses, Escape closes.
 */
export function mentionSuggestion(
  search: { current: (query: string, signal: AbortSignal) => Promise<MentionCandidate[]> },
  report: (state: MentionState | null) => void,
): Omit<SuggestionOptions<MentionCandidate, MentionNodeAttrs>, 'editor'> {
  let current: MentionState | null = null;
  const update = (next: MentionState | null) => {
    current = next;
    report(next);
  };
  return {
    char: '@',
    debounce: mentionSearchDebounceMs,
    items: async ({ query, signal }) => {
      if (!query.trim()) return [];
      try {
        return await search.current(query.trim(), signal);
      } catch {
        return [];
      }
    },
    render: () => ({
      onStart: (props) =>
        update({
          items: props.items,
          active: 0,
          loading: props.loading,
          query: props.query,
          rect: props.clientRect ?? null,
          select: (item) => props.command({ id: String(item.id), label: item.label }),
        }),
      onUpdate: (props) =>
        update({
          items: props.items,
          active: current && props.items.length === current.items.length ? current.active : 0,
          loading: props.loading,
          query: props.query,
          rect: props.clientRect ?? null,
          select: (item) => props.command({ id: String(item.id), label: item.label }),
        }),
      onExit: () => update(null),
      onKeyDown: ({ event }) => {
        if (!current) return false;
        if (event.key === 'Escape') {
          update(null);
          return true;
        }
        const count = current.items.length;
        if (!count) return false;
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          const step = event.key === 'ArrowDown' ? 1 : -1;
          update({ ...current, active: (current.active + step + count) % count });
          return true;
        }
        if (event.key === 'Enter' || event.key === 'Tab') {
          const item = current.items[current.active];
          if (item) current.select(item);
          return true;
        }
        return false;
      },
    }),
  };
}
