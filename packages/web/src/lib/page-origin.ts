/** The page's origin: the window's, or in the server's render of a page that of its request. */
let origin = (): string => window.location.origin;

/** The page's origin (`https://plaza.example`), as `window.location.origin` gives it in the browser. */
export function pageOrigin(): string {
  return origin();
}

/** Takes the origin from `source` instead of the window (the server's render of a page, src/server-render.tsx). */
export function readOriginWith(source: () => string): void {
  origin = source;
}
