import createCache, { type EmotionCache, type Options, type StylisPlugin } from '@emotion/cache';
import { firstScreen } from '@plaza/contract/first-screen';

/** Properties the browsers Plaza supports still need a `-webkit-` twin of (Safari's text selection and hyphens). */
const webkitOnly = new Set(['user-select', 'hyphens']);

/**
 * Emotion's default plugin writes every vendor prefix of 2015 beside each rule (`-webkit-box`, `-ms-flexbox`,
 * `-webkit-transition`, ...), a quarter of a drawn page's styles (the dashboard's: 66.5 KB with them, 48.5
 * without), which the phone parses and matches for nothing. This one adds only the twins above.
 */
const webkitTwins: StylisPlugin = (element) => {
  if (
    element.type === 'decl' &&
    !element.return &&
    typeof element.props === 'string' &&
    webkitOnly.has(element.props)
  ) {
    element.return = `-webkit-${element.value}${element.value}`;
  }
};

/** The style cache's options, the same on the server (its first screens) and in the browser. */
export const styleCacheOptions: Options = { key: 'css', stylisPlugins: [webkitTwins] };

/**
 * The browser's style cache (emotion) for the app's MUI parts. On a page the server drew, it counts the
 * rules of the page's `<style>` (server platform/app-page) as inserted, by the names the element carries,
 * and leaves the element alone. Emotion's own way (`data-emotion` elements) moves such an element to the
 * end of the head twice as it starts, and the browser then matches the whole page's styles again: 20 ms on
 * this machine, four times that on a phone, while the page is being taken over.
 */
export function pageStyleCache(): EmotionCache {
  const cache = createCache(styleCacheOptions);
  const drawn = document.querySelector(`style[${firstScreen.styleNamesAttribute}]`);
  for (const name of drawn?.getAttribute(firstScreen.styleNamesAttribute)?.split(' ') ?? []) {
    if (name) cache.inserted[name] = true;
  }
  return cache;
}
