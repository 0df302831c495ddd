import { nextTask } from '../lib/next-task';

/**
 * The app's module files the page names (server platform/app-page): on a page the server drew, the list its
 * loader fetches (public/load-after-paint.js); otherwise its module preloads.
 */
export function pageModules(): string[] {
  const loader = document.querySelector<HTMLScriptElement>('script[data-modules]');
  if (loader) return (loader.dataset.modules ?? '').split(' ').filter(Boolean);
  return [...document.querySelectorAll('link[rel="modulepreload"]')].flatMap((link) => {
    const href = link.getAttribute('href');
    return href ? [href] : [];
  });
}

/**
 * Runs the page's modules one file at a time, each in a task of its own. A route's module would otherwise
 * run with every file it imports in one task (the administration's with the contract's schemas, MUI and the
 * shell: 200-400 ms on a phone), during which the page answers no input. The page lists each file after
 * the ones it imports (web build/first-screens), so each import runs about one file. A file that fails is
 * left to the route that needs it (app/chunk-error); this never fails.
 */
export async function evaluateApart(files: readonly string[]): Promise<void> {
  for (const file of files) {
    await import(/* @vite-ignore */ file).catch(() => undefined);
    await nextTask();
  }
}
