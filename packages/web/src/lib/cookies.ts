/** The page's cookies as the `Cookie` header writes them: the document's, or in the server's render the request's. */
let cookieText = (): string => document.cookie;

/** Reads the cookies from `source` instead of the document (the server's render of a page, src/server-render.tsx). */
export function readCookiesWith(source: () => string): void {
  cookieText = source;
}

/** Reads a cookie of this origin. */
export function readCookie(name: string): string | undefined {
  for (const part of cookieText().split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Writes a cookie for the whole site, kept `days` days. */
export function writeCookie(name: string, value: string, days: number): void {
  const expires = new Date(Date.now() + days * 24 * 3600 * 1000).toUTCString();
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax${secure}`;
}
