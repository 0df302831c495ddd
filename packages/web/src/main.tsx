import { isLocale } from '@plaza/contract/constants';
import { firstScreen } from '@plaza/contract/first-screen';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { startFirstLoad } from './app/first-load';
import { createAppRouter, loadRoutesFor } from './app/routes';
import { activateLocale } from './lib/i18n';
import { isPhoneWidth, phoneMedia } from './lib/phone-width';
import { matchesWidth } from './lib/use-media';
import './app/light/baseline.css';
import './styles.css';

const container = document.getElementById('root')!;
// A page the server rendered (server platform/app-page.ts) says for which window width it drew it.
const assumedWidth = Number(container.getAttribute(firstScreen.widthAttribute));

if (container.firstElementChild && assumedWidth > 0) void hydrate(assumedWidth);
else {
  void startFirstLoad(isPhoneWidth());
  render();
}

function render() {
  createRoot(container).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
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
    await Promise.all([
      startFirstLoad(matchesWidth(phoneMedia, width)),
      isLocale(lang) && activateLocale(lang),
      loadRoutesFor(pathname),
    ]);
  } catch {
    takeEarlyClicks();
    container.replaceChildren();
    render();
    return;
  }
  const clicked = takeEarlyClicks();
  hydrateRoot(
    container,
    <StrictMode>
      <App router={createAppRouter()} width={width} />
    </StrictMode>,
  );
  clickAgain(clicked);
}

/** Ends the keeping of clicks made before the app ran (public/load-after-paint.js): the controls clicked. */
function takeEarlyClicks(): Element[] {
  const { attribute, appStarts } = firstScreen.earlyClick;
  document.dispatchEvent(new Event(appStarts));
  const controls = [...document.querySelectorAll(`[${attribute}]`)];
  for (const control of controls) control.removeAttribute(attribute);
  return controls;
}

/** How long a kept click waits for its control to be taken over (a part whose code still loads). */
const clickWaitMs = 10_000;

/**
 * Clicks each control again once React has taken it over. A part whose code still loads is taken over a
 * little later than the page; React marks the elements it has taken over with its own properties.
 */
function clickAgain(controls: Element[]) {
  const until = performance.now() + clickWaitMs;
  const takenOver = (control: Element) => Object.keys(control).some((key) => key.startsWith('__reactProps$'));
  const waiting = controls.filter((control): control is HTMLElement => control instanceof HTMLElement);
  const attempt = () => {
    for (const control of [...waiting]) {
      if (!control.isConnected) waiting.splice(waiting.indexOf(control), 1);
      else if (takenOver(control)) {
        waiting.splice(waiting.indexOf(control), 1);
        control.click();
      }
    }
    if (waiting.length && performance.now() < until) requestAnimationFrame(attempt);
  };
  attempt();
}
