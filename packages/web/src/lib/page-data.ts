/**
 * Whether the page's data came with the page (drawn by the server, main.tsx): what happened between its
 * render and the socket's first confirmation is missed like a reconnect's gap, so the real-time
 * connection (lib/realtime.ts) catches it up the same way. Kept apart so the entry does not load the
 * real-time code on pages without it (sign-in).
 */
let fromServer = false;

/** The page was drawn by the server: the socket's first confirmations catch up like a reconnect. */
export function catchUpOnFirstConnect(): void {
  fromServer = true;
}

/** Whether the page was drawn by the server and no socket has opened since (without taking it). */
export function catchUpPending(): boolean {
  return fromServer;
}

/** Whether the page was drawn by the server and no socket has opened since; true only once. */
export function takeCatchUpOnFirstConnect(): boolean {
  const was = fromServer;
  fromServer = false;
  return was;
}
