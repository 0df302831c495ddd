import type { RichHtmlKind } from './rich-html';

/**
 * A first screen the server renders into the app's page (web src/server-render.tsx, server
 * platform/first-screen.ts), for the browser to hydrate instead of drawing it again.
 */
export const firstScreen = {
  /** The element of a rendered page that holds the data the render drew (the app's query cache, dehydrated). */
  queriesElementId: 'plaza-first-queries',
  /**
   * Rounds a render makes at most: each draws the page, then asks for the data its parts asked for and did
   * not have yet (a group's posts once the group is known), for the next round to draw.
   */
  dataRounds: 3,
  /** The attribute of `#root` that names the window width the server drew for (`data-assumed-width`). */
  widthAttribute: 'data-assumed-width',
  /**
   * The attribute of the page's `<style>` with the rules its render used, naming them (emotion's names): the
   * app's style cache counts them as inserted and leaves the element where it is (web app/style-cache.ts).
   */
  styleNamesAttribute: 'data-style-names',
  /** The window widths the server assumes by the kind of device asking: a phone's, a tablet's, a desktop's. */
  widths: { phone: 400, tablet: 800, desktop: 1366 },
  /**
   * Clicks on a rendered page before the app runs (web public/load-after-paint.js) mark their control with
   * this attribute; the app, as it starts, sends this event to end that, and clicks each control kept so
   * again once it has taken that control over (web app/early-clicks.ts).
   */
  earlyClick: {
    attribute: 'data-early-click',
    appStarts: 'plaza:app-starts',
    /** What counts as the control a click was for. */
    controls: 'button, [role="button"], input, select, textarea, label',
    /**
     * The page's text fields are read-only until the app has taken each over (what was typed before would be
     * lost then); this attribute marks those the loader made so, for the app to give back.
     */
    fieldAttribute: 'data-early-readonly',
  },
  /**
   * Renders one server process makes at once: a page asked for while that many are under way goes out
   * undrawn (the browser draws it), so a rush of page loads costs the app's old page, not a queue of renders.
   */
  concurrentRenders: 2,
  /** A render that takes longer is given up: the page goes out without it and the browser draws it. */
  timeoutMs: 2_000,
} as const;

/** What the server gives a render. */
export interface FirstScreenInput {
  /** The page's address: path and query. */
  url: string;
  /** The window width to draw for. */
  width: number;
  /** The page request's `Cookie` header (`''` without one): what the page reads of its cookies, the cookie choice. */
  cookies: string;
  /** The page's origin as the browser sees it (`https://plaza.example`). */
  origin: string;
  /** The server's answer to a GET of the app (path and query), or `undefined` when it does not answer 200. */
  answer(url: string): Promise<unknown>;
  /** Stops the render. */
  signal: AbortSignal;
  /** The server's sanitiser of rich text (the browser's DOMPurify needs a DOM). */
  sanitizeHtml(html: string, kind: RichHtmlKind): string;
}

/** A rendered first screen. */
export interface RenderedFirstScreen {
  /** The app's HTML, for inside `#root`. */
  html: string;
  /** What React asks to load early (`<link rel="preload">` of the first images), for the page's head. */
  head: string;
  /** Its styles: the CSS, and the names of its rules for the browser's style cache to take over. */
  styles: { css: string; names: string[] };
  /** The customer's theme tokens, CSS custom properties for `<html>` (web app/theme-tokens). */
  rootStyle: Record<string, string>;
  /** The tab's title. */
  title: string;
  /** The lazy modules of the routes it drew (paths below the web's `src/`): the page names their files. */
  modules: string[];
  /** The data it drew, as the app's query cache dehydrated (React Query), for the app to hydrate with. */
  queries: unknown;
}

/** The web build's renderer, as the server imports it. */
export type RenderFirstScreen = (input: FirstScreenInput) => Promise<RenderedFirstScreen | null>;

/** What the server imports of the web build's render module (web src/server-render.tsx). */
export interface FirstScreenModule {
  renderFirstScreen: RenderFirstScreen;
  /** The lazy modules of the routes that match a path (paths below the web's `src/`), outer routes first. */
  routeModules(pathname: string): string[];
}
