import { isLocale } from '@plaza/contract/constants';
import { firstScreen } from '@plaza/contract/first-screen';
import { hydrate as hydrateQueries } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './lib/react-dom-eager';
import { App } from './app/app';
import { endPageClicks, keepEarlyClicks, pageTakenOver } from './app/early-clicks';
import { evaluateApart, pageModules } from './app/evaluate-apart';
import { startFirstLoad } from './app/first-load';
import { createAppRouter, loadRoutesFor } from './app/routes';
import { matchesWidth } from './lib/assumed-width';
import { readFirstAnswers } from './lib/first-answers';
import { activateLocale } from './lib/i18n';
import { nextTask } from './lib/next-task';
import { catchUpOnFirstConnect } from './lib/page-data';
import { isPhoneWidth, phoneMedia } from './lib/phone-width';
import { queryClient } from './lib/query-client';
import './app/light/baseline.css';
import './styles.css';

const container = document.getElementById('root')!;
// A page the server rendered (server platform/app-page.ts) says for which window width it drew it.
const assumedWidth = Number(container.getAttribute(firstScreen.widthAttribute));

if (container.firstElementChild && assumedWidth > 0) void hydrate(assumedWidth);
else {
  void startFirstLoad(isPhoneWidth());
  void evaluateApart(pageModules()).then(render);
}

/** Draws the app: in a transition, so React renders it in slices it yields between, not in one long task. */
function render() {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={createAppRouter()} />
      </StrictMode>,
    );
  });
}

/**
 * Takes over the page the server rendered: with the same data (the page's answers), texts and route modules
 * as the server had, React attaches to its HTML instead of drawing it again. Should any of them fail, the
 * app draws the page itself.
 */
async function hydrate(width: number) {
  const { pathname } = window.location;
  const lang = pathname.split('/')[1];
  try {
    // The entry's code has run in this task; what the page's data and routes need runs in the next ones.
    await nextTask();
    // The data the server drew the page with, so the app's first render draws the same.
    const queries = document.getElementById(firstScreen.queriesElementId);
    if (queries) {
      queries.remove();
      hydrateQueries(queryClient, JSON.parse(queries.textContent ?? '{}'));
      // Live news since the render would be missed: the socket's first confirmations catch up.
      catchUpOnFirstConnect();
    }
    await nextTask();
    // The page's answers (the texts among them, its largest part) are read in a task of their own.
    readFirstAnswers();
    await nextTask();
    // Each step starts in a task of its own (what the answers in the page settle runs there too).
    const firstLoad = startFirstLoad(matchesWidth(phoneMedia, width), true);
    await nextTask();
    const texts = isLocale(lang) ? activateLocale(lang) : undefined;
    texts?.catch(() => undefined);
    await nextTask();
    await Promise.all([firstLoad, texts, evaluateApart(pageModules()).then(() => loadRoutesFor(pathname))]);
  } catch {
    endPageClicks();
    pageTakenOver(container);
    container.replaceChildren();
    render();
    return;
  }
  // The router ranks the app's routes as it is made: in a task of its own, before the hydration starts.
  const router = createAppRouter();
  await nextTask();
  keepEarlyClicks(container);
  // In a transition React hydrates in slices of a few milliseconds, yielding to the browser between them
  // (clicks meanwhile are replayed once their part is hydrated); otherwise hydrating the dashboard was
  // one task of 400 ms on a phone's CPU, during which the page could not answer input.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App router={router} width={width} onTakenOver={() => pageTakenOver(container)} />
      </StrictMode>,
    );
  });
}
