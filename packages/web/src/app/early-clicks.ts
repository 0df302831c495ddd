import { firstScreen } from '@plaza/contract/first-screen';

const { attribute, appStarts, controls, fieldAttribute } = firstScreen.earlyClick;

/** How long controls of the server's page are watched for clicks before React has taken them over. */
const watchMs = 30_000;

/** Whether React has taken the element over (it keeps its props on the element). */
const takenOver = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

/**
 * On a page the server rendered, a click on a control does nothing until React has taken that control over:
 * a part whose code still loads is taken over a little after the rest. Call as the app starts, before React
 * attaches: ends the keeping of clicks made before the app ran (public/load-after-paint.js) and keeps
 * clicks on the page's controls that React has not taken over yet; each kept control is clicked again
 * once React has it, and each text field the loader made read-only is given back then. Controls the app
 * adds later are never held up.
 */
export function keepEarlyClicks(root: Element): void {
  const kept = endPageClicks();
  const serverControls = new WeakSet(root.querySelectorAll(controls));
  const waiting = new Set(kept);
  const fields = new Set(root.querySelectorAll(`[${fieldAttribute}]`));
  const giveBack = (field: Element) => {
    field.removeAttribute('readonly');
    field.removeAttribute(fieldAttribute);
    fields.delete(field);
  };
  const keep = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest(controls) : null;
    if (!(control instanceof HTMLElement) || !serverControls.has(control) || takenOver(control)) return;
    event.preventDefault();
    event.stopPropagation();
    waiting.add(control);
  };
  document.addEventListener('click', keep, true);
  const until = performance.now() + watchMs;
  const clickTakenOver = () => {
    for (const control of waiting) {
      if (!control.isConnected) waiting.delete(control);
      else if (takenOver(control)) {
        waiting.delete(control);
        control.click();
      }
    }
    for (const field of fields) if (!field.isConnected || takenOver(field)) giveBack(field);
    if (performance.now() < until) requestAnimationFrame(clickTakenOver);
    else {
      document.removeEventListener('click', keep, true);
      for (const field of fields) giveBack(field);
    }
  };
  requestAnimationFrame(clickTakenOver);
}

/** Ends the keeping of clicks of public/load-after-paint.js (as the app starts): the controls kept. */
export function endPageClicks(): HTMLElement[] {
  document.dispatchEvent(new Event(appStarts));
  const kept = [...document.querySelectorAll(`[${attribute}]`)];
  for (const control of kept) control.removeAttribute(attribute);
  return kept.filter((control): control is HTMLElement => control instanceof HTMLElement);
}
