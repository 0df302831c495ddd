import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HandSocket } from '../test/hand-socket';
import { renderInApp } from '../test/render-in-app';
import { NewPostsHint } from './new-posts-hint';

const stream = { kind: 'group', id: 3 } as const;
const newPost = (id: string, to: object = stream) => ({
  type: 'message',
  channel: 'StreamChannel',
  stream: to,
  message: { kind: 'new_post', id },
});

// Other members' open streams did not learn of new posts (issue 47, point 6).
describe('NewPostsHint', () => {
  beforeEach(() => {
    HandSocket.instances = [];
    vi.stubGlobal('WebSocket', HandSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('subscribes to its stream, counts new posts of that stream once each, and loads them on click', async () => {
    const onLoad = vi.fn(() => Promise.resolve());
    const shown = new Set<string>(['post-1']);
    renderInApp(<NewPostsHint stream={stream} isShown={(id) => shown.has(id)} onLoad={onLoad} />);
    const socket = HandSocket.instances.at(-1)!;
    act(() => {
      socket.readyState = 1;
      socket.onopen?.();
    });
    expect(socket.sent).toContainEqual({ command: 'subscribe', channel: 'StreamChannel', stream });
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByRole('button')).toBeNull();

    const receive = (message: object) => act(() => socket.onmessage?.({ data: JSON.stringify(message) }));
    receive(newPost('post-5'));
    expect(screen.getByRole('button', { name: '1 new post' })).toBeTruthy();
    receive(newPost('post-5'));
    receive(newPost('post-1'));
    receive(newPost('post-6', { kind: 'group', id: 4 }));
    receive({ type: 'message', channel: 'NotificationChannel', message: { kind: 'new_post', id: 'x' } });
    expect(screen.getByRole('button', { name: '1 new post' })).toBeTruthy();
    receive(newPost('post-7'));

    const button = screen.getByRole('button', { name: '2 new posts' });
    expect(region.contains(button)).toBe(true);
    await act(async () => {
      button.focus();
      fireEvent.click(button);
    });
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
