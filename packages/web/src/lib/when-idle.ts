/**
 * Runs `task` once the browser is idle (at the latest after `timeout` ms), so work a page can do without
 * (registering for push, say) does not compete with drawing its first screen. Returns the cancel.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1);
  return () => window.clearTimeout(handle);
}
