/** The API's address prefixes: the app's calls and billing's (spec 7: `/billing-api/v1/`). */
export const apiPrefixes = ['/api/', '/billing-api/'] as const;

/** Whether an address is an API call (JSON answers, compressed, never the web app's page). */
export const isApiPath = (url: string | undefined): boolean =>
  url !== undefined && apiPrefixes.some((prefix) => url.startsWith(prefix));
