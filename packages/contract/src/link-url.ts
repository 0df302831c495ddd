/**
 * The spec's link input rule (section 5): http or https, optional `www.`, a domain whose last part
 * (the top-level domain) has 2 to 18 letters, an optional port of 1 to 5 digits and an optional
 * path (which may carry a query and a fragment). No spaces anywhere. Pure, shared by server and web.
 */
export const linkUrlPattern =
  /^https?:\/\/(?:www\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,18}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** True when the text is a link the preview lookup accepts (the spec's URL pattern). */
export function isLinkUrl(text: string): boolean {
  return text.length <= 2048 && linkUrlPattern.test(text);
}
