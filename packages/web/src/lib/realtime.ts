import type { ChannelName, ServerMessage } from '@plaza/contract';
import { realtimePath } from '@plaza/contract/constants';

type Listener = (message: unknown) => void;

/**
 * The browser side of the real-time endpoint: one socket, named channels, reconnect with back-off.
 * Opened after sign-in, closed on sign-out.
 */
export function connectRealtime(listeners: Partial<Record<ChannelName, Listener>>): () => void {
  let socket: WebSocket | null = null;
  let closed = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    const url = new URL(realtimePath, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(url);
    socket.onopen = () => {
      attempt = 0;
      for (const channel of Object.keys(listeners)) {
        socket?.send(JSON.stringify({ command: 'subscribe', channel }));
      }
    };
    socket.onmessage = (event) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.type === 'message') listeners[message.channel]?.(message.message);
    };
    socket.onclose = (event) => {
      if (closed || event.code === 4401) return;
      attempt += 1;
      timer = setTimeout(open, Math.min(30_000, 1000 * 2 ** attempt));
    };
  };
  open();
  return () => {
    closed = true;
    clearTimeout(timer);
    socket?.close();
  };
}
