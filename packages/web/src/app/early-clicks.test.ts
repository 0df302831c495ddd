import { firstScreen } from '@plaza/contract/first-screen';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endPageClicks, keepEarlyClicks, pageTakenOver } from './early-clicks';

const { attribute, appStarts, fieldAttribute } = firstScreen.earlyClick;

/**
 * What React leaves on an element it is hydrating: its props and its fiber, below a part flagged as being
 * hydrated (React's Hydrating flag) until the commit clears it.
 */
const renderWithoutCommit = (element: Element) => {
  const top = { tag: 3, return: null, alternate: null, flags: 0 };
  const part = { tag: 13, return: top, alternate: null, flags: 0b1_0000_0000_0000 };
  const fiber = { tag: 5, return: part, alternate: null, flags: 0 };
  Object.assign(element, { __reactProps$test: {}, __reactFiber$test: fiber });
  return () => {
    part.flags = 0;
  };
};
/** What React leaves on an element it has taken over: the same, committed. */
const takeOver = (element: Element) => renderWithoutCommit(element)();
const nextFrames = () => new Promise((resolve) => setTimeout(resolve, 50));

function serverPage() {
  const root = document.createElement('div');
  root.innerHTML =
    '<button id="box">What is new?</button><a id="link" href="#x">Link</a><label id="label">Name</label>';
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('clicks on a server-rendered page before React has its controls', () => {
  it('clicks a control kept before the app ran again once React has taken it over, and ends the keeping', async () => {
    const root = serverPage();
    const box = root.querySelector('#box')!;
    box.setAttribute(attribute, '');
    const ended = vi.fn();
    document.addEventListener(appStarts, ended);
    const clicks = vi.fn();
    box.addEventListener('click', clicks);

    keepEarlyClicks(root);
    expect(ended).toHaveBeenCalledOnce();
    expect(box.hasAttribute(attribute)).toBe(false);
    await nextFrames();
    expect(clicks).not.toHaveBeenCalled();

    takeOver(box);
    await nextFrames();
    expect(clicks).toHaveBeenCalledOnce();
  });

  it("holds a click on a control of the server's page until React has it, but not links or the app's own controls", async () => {
    const root = serverPage();
    keepEarlyClicks(root);
    const box = root.querySelector<HTMLButtonElement>('#box')!;
    const reached = vi.fn();
    root.addEventListener('click', (event) => reached((event.target as Element).id));

    box.click();
    expect(reached).not.toHaveBeenCalled();
    root.querySelector<HTMLAnchorElement>('#link')!.click();
    expect(reached).toHaveBeenCalledWith('link');
    const added = document.createElement('button');
    added.id = 'added';
    root.append(added);
    added.click();
    expect(reached).toHaveBeenCalledWith('added');

    takeOver(box);
    await nextFrames();
    expect(reached).toHaveBeenCalledWith('box');
    // Once React has it, a click goes through at once.
    reached.mockClear();
    box.click();
    expect(reached).toHaveBeenCalledWith('box');
  });

  it('gives each field the loader made read-only back once React has it, and leaves read-only fields of the page alone', async () => {
    const root = serverPage();
    root.insertAdjacentHTML(
      'beforeend',
      `<input id="name" readonly ${fieldAttribute}><textarea id="text" readonly ${fieldAttribute}></textarea><input id="fixed" readonly>`,
    );
    const name = root.querySelector('#name')!;
    const text = root.querySelector('#text')!;
    keepEarlyClicks(root);
    await nextFrames();
    expect(name.hasAttribute('readonly')).toBe(true);

    takeOver(name);
    await nextFrames();
    expect(name.hasAttribute('readonly')).toBe(false);
    expect(name.hasAttribute(fieldAttribute)).toBe(false);
    expect(text.hasAttribute('readonly')).toBe(true);
    // A field React replaced instead of taking it over is forgotten; one that was read-only stays so.
    text.remove();
    await nextFrames();
    expect(root.querySelector('#fixed')!.hasAttribute('readonly')).toBe(true);
  });

  it('waits for the commit of the whole page, not only for React to have an element, before it clicks again', async () => {
    const root = serverPage();
    // The loader marks the page busy until the app has committed its first render.
    root.setAttribute('aria-disabled', 'true');
    const box = root.querySelector<HTMLButtonElement>('#box')!;
    const clicks = vi.fn();
    box.addEventListener('click', clicks);
    keepEarlyClicks(root);
    box.click();
    // React renders (and keeps its props on the element) before it commits: a click then would be lost.
    takeOver(box);
    await nextFrames();
    expect(clicks).not.toHaveBeenCalled();

    pageTakenOver(root);
    expect(root.hasAttribute('aria-disabled')).toBe(false);
    await nextFrames();
    expect(clicks).toHaveBeenCalledOnce();
  });

  it("clicks again only once React has committed the control's part, not while it renders it", async () => {
    const root = serverPage();
    const box = root.querySelector<HTMLButtonElement>('#box')!;
    const clicks = vi.fn();
    box.addEventListener('click', clicks);
    keepEarlyClicks(root);
    const commit = renderWithoutCommit(box);
    box.click();
    await nextFrames();
    expect(clicks).not.toHaveBeenCalled();
    commit();
    await nextFrames();
    expect(clicks).toHaveBeenCalledOnce();
  });

  it('counts a control as taken over after its part was rendered again (its parents then have alternates)', async () => {
    const root = serverPage();
    const box = root.querySelector<HTMLButtonElement>('#box')!;
    const top = { tag: 3, return: null, alternate: null, flags: 0 };
    const parent = { tag: 5, return: top, alternate: {}, flags: 0 };
    Object.assign(box, { __reactFiber$test: { tag: 5, return: parent, alternate: null, flags: 0 } });
    const reached = vi.fn();
    box.addEventListener('click', reached);
    keepEarlyClicks(root);
    box.click();
    expect(reached).toHaveBeenCalledOnce();
  });

  it('asks for no more frames once every kept control and field is handed on, and again for a new click', async () => {
    const root = serverPage();
    root.insertAdjacentHTML('beforeend', `<input id="name" readonly ${fieldAttribute}>`);
    const box = root.querySelector<HTMLButtonElement>('#box')!;
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    keepEarlyClicks(root);
    box.click();
    await nextFrames();
    expect(frames).toHaveBeenCalled();

    takeOver(box);
    takeOver(root.querySelector('#name')!);
    await nextFrames();
    frames.mockClear();
    await nextFrames();
    expect(frames).not.toHaveBeenCalled();

    const label = root.querySelector<HTMLElement>('#label')!;
    label.click();
    expect(frames).toHaveBeenCalledOnce();
    frames.mockRestore();
  });

  it('hands over the controls kept before the app ran, once', () => {
    const root = serverPage();
    const box = root.querySelector('#box')!;
    box.setAttribute(attribute, '');
    expect(endPageClicks()).toEqual([box]);
    expect(endPageClicks()).toEqual([]);
  });

  it('forgets a kept control that React replaced instead of taking it over', async () => {
    const root = serverPage();
    const box = root.querySelector('#box')!;
    box.setAttribute(attribute, '');
    const clicks = vi.fn();
    box.addEventListener('click', clicks);
    keepEarlyClicks(root);
    box.remove();
    takeOver(box);
    await nextFrames();
    expect(clicks).not.toHaveBeenCalled();
  });
});
