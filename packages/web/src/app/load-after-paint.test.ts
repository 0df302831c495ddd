import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The loader of a page the server drew (public/load-after-paint.js), as the page's script element runs it. */
const loader = readFileSync(path.resolve(import.meta.dirname, '../../public/load-after-paint.js'), 'utf8');
const entry = '/assets/index-Ab12Cd34.js';
const modules = ['/assets/runtime-Qr12St34.js', '/assets/dashboard-view-Ef56Gh78.js'];

/** The page's loader element, as the server writes it. */
function loaderScript() {
  const script = document.createElement('script');
  Object.assign(script.dataset, { entry, entryImports: '', modules: modules.join(' ') });
  document.head.append(script);
  return script;
}

function runLoader(script: HTMLScriptElement) {
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  new Function(loader)();
}

afterEach(() => {
  document.head.replaceChildren();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the loader of a drawn page', () => {
  it('fetches the entry and the listed modules into the cache without adding an element per file to the document (each one made the browser draw a frame)', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response(''));
    });
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(callback, 0));
    const script = loaderScript();
    const added: Element[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records)
        added.push(...[...record.addedNodes].filter((node) => node instanceof Element));
    });
    observer.observe(document, { childList: true, subtree: true });

    runLoader(script);
    await vi.waitFor(() => expect(document.head.querySelector('script[type="module"]')).not.toBeNull());
    await vi.waitFor(() => expect(fetched).toEqual([entry, ...modules]));
    observer.disconnect();

    // The one element the loader adds is the entry's script, which runs the app.
    expect(added.map((element) => element.outerHTML)).toEqual([
      `<script type="module" crossorigin="" src="${entry}"></script>`,
    ]);
  });
});
