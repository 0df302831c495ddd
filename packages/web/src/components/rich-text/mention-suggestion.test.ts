import { describe, expect, it, vi } from 'vitest';
import type { MentionState } from './mention-list';
import { mentionSuggestion } from './mention-suggestion';

const people = [
  { id: 3, label: 'Anna Berg' },
  { id: 5, label: 'Anton Meier' },
];

function setup() {
  const search = { current: vi.fn(async () => people) };
  let state: MentionState | null = null;
  const suggestion = mentionSuggestion(search, (next) => {
    state = next;
  });
  const command = vi.fn();
  const renderer = suggestion.render!();
  const props = { items: people, query: 'An', loading: false, clientRect: null, command } as never;
  return { search, suggestion, renderer, props, command, state: () => state as MentionState | null };
}

const key = (name: string) => ({ event: new KeyboardEvent('keydown', { key: name }) }) as never;

describe('mentionSuggestion', () => {
  it('searches members with the typed text and skips a blank one', async () => {
    const { search, suggestion } = setup();
    const signal = new AbortController().signal;
    expect(await suggestion.items!({ query: ' An ', editor: {} as never, signal })).toEqual(people);
    expect(search.current).toHaveBeenCalledWith('An', signal);
    expect(await suggestion.items!({ query: ' ', editor: {} as never, signal })).toEqual([]);
    expect(search.current).toHaveBeenCalledTimes(1);
  });

  it('a failed search offers nobody instead of breaking the editor', async () => {
    const { search, suggestion } = setup();
    search.current.mockRejectedValueOnce(new Error('offline'));
    expect(
      await suggestion.items!({ query: 'An', editor: {} as never, signal: new AbortController().signal }),
    ).toEqual([]);
  });

  it('lists the matches, moves with the arrow keys and chooses with Enter', () => {
    const { renderer, props, command, state } = setup();
    renderer.onStart!(props);
    expect(state()?.items.map((item) => item.label)).toEqual(['Anna Berg', 'Anton Meier']);
    expect(state()?.active).toBe(0);
    expect(renderer.onKeyDown!(key('ArrowDown'))).toBe(true);
    expect(state()?.active).toBe(1);
    expect(renderer.onKeyDown!(key('ArrowDown'))).toBe(true);
    expect(state()?.active).toBe(0);
    expect(renderer.onKeyDown!(key('ArrowUp'))).toBe(true);
    expect(state()?.active).toBe(1);
    expect(renderer.onKeyDown!(key('Enter'))).toBe(true);
    expect(command).toHaveBeenCalledWith({ id: '5', label: 'Anton Meier' });
  });

  it('closes with Escape and leaves other keys to the editor', () => {
    const { renderer, props, state } = setup();
    renderer.onStart!(props);
    expect(renderer.onKeyDown!(key('a'))).toBe(false);
    expect(renderer.onKeyDown!(key('Escape'))).toBe(true);
    expect(state()).toBeNull();
    renderer.onStart!(props);
    renderer.onExit!(props);
    expect(state()).toBeNull();
  });
});
