/**
 * Resolves in a later task: what follows runs after the browser has had its turn (input, a frame), so work
 * at start is several short tasks instead of one long one. `scheduler.yield` where the browser has it
 * (it resumes before other queued tasks), otherwise a timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
