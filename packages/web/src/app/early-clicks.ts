import { firstScreen } from '@plaza/contract/first-screen';

const { attribute, appStarts, controls, fieldAttribute } = firstScreen.earlyClick;

/** How long controls of the server's page are watched for clicks before React has taken them over. */
const watchMs = 30_000;

/** React's record of an element (its fiber): where it sits in the tree React rendered. */
interface Fiber {
  return: Fiber | null;
  alternate: Fiber | null;
  tag: number;
  flags: number;
}

/** React's fiber flags of a part placed or hydrated by a render not committed yet (Placement | Hydrating). */
const uncommittedFlags = 0b1_0000_0000_0010;
/** React's tag of a tree's root. */
const hostRoot = 3;

/**
 * Whether React's render of the element is committed, as React itself decides it for an event's target
 * (react-dom's getNearestMountedFiber): no part above it still placed or hydrated by a render in progress,
 * and its tree reaching a root. A fiber rendered again since (with an alternate) was committed before.
 */
function committed(fiber: Fiber): boolean {
  let node = fiber;
  let nearest: Fiber | null = fiber;
  for (let next: Fiber | null = node; next && !next.alternate; next = next.return) {
    node = next;
    if (node.flags & uncommittedFlags) nearest = node.return;
  }
  while (node.return) node = node.return;
  return node.tag === hostRoot && nearest === fiber;
}

/**
 * Whether React has taken the element over and committed that. React keeps its fiber and props on an
 * element while it hydrates, before it commits, and a click it gets then on a part it cannot finish at once
 * is dropped (a part hydrates after the shell, in a commit of its own). Until the shell's commit the
 * loader's `aria-disabled` stays on the root.
 */
function takenOver(element: Element, root: Element): boolean {
  if (root.hasAttribute('aria-disabled')) return false;
  const key = Object.keys(element).find((name) => name.startsWith('__reactFiber$'));
  const fiber = key ? (element as unknown as Record<string, Fiber | undefined>)[key] : undefined;
  return fiber !== undefined && committed(fiber);
}

/**
 * The app has committed its render of the server's page (main.tsx, from an effect): kept clicks may go to
 * their controls now, and the page, marked busy by the loader until then, is ready (`aria-disabled` off, so a
 * browser automation waits for it as a person's early click is kept).
 */
export function pageTakenOver(root: Element): void {
  root.removeAttribute('aria-disabled');
}

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
  // Each frame, until none is left, the kept controls and read-only fields React has taken over are
  // handed on. The watch stops as soon as nothing waits: a frame callback every frame for the whole watch
  // cost a phone about 80 ms of work over the page's first seconds.
  let watching = false;
  const handOn = () => {
    watching = false;
    for (const control of waiting) {
      if (!control.isConnected) waiting.delete(control);
      else if (takenOver(control, root)) {
        waiting.delete(control);
        control.click();
      }
    }
    for (const field of fields) if (!field.isConnected || takenOver(field, root)) giveBack(field);
    watch();
  };
  const watch = () => {
    if (watching || (!waiting.size && !fields.size)) return;
    watching = true;
    requestAnimationFrame(handOn);
  };
  const keep = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest(controls) : null;
    if (!(control instanceof HTMLElement) || !serverControls.has(control) || takenOver(control, root)) return;
    event.preventDefault();
    event.stopPropagation();
    waiting.add(control);
    watch();
  };
  document.addEventListener('click', keep, true);
  watch();
  setTimeout(() => {
    document.removeEventListener('click', keep, true);
    waiting.clear();
    for (const field of fields) giveBack(field);
    root.removeAttribute('aria-disabled');
  }, watchMs);
}

/** Ends the keeping of clicks of public/load-after-paint.js (as the app starts): the controls kept. */
export function endPageClicks(): HTMLElement[] {
  document.dispatchEvent(new Event(appStarts));
  const kept = [...document.querySelectorAll(`[${attribute}]`)];
  for (const control of kept) control.removeAttribute(attribute);
  return kept.filter((control): control is HTMLElement => control instanceof HTMLElement);
}
