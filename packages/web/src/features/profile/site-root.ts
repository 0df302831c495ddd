/** Sends the browser to the site root with a full load (after an account was deleted). */
export function leaveToSiteRoot(): void {
  window.location.assign('/');
}
