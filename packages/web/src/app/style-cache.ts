import createCache, { type EmotionCache } from '@emotion/cache';
import { firstScreen } from '@plaza/contract/first-screen';

/**
 * The browser's style cache (emotion) for the app's MUI parts. On a page the server drew, it counts the
 * rules of the page's `<style>` (server platform/app-page) as inserted, by the names the element carries,
 * and leaves the element alone. Emotion's own way (`data-emotion` elements) moves such an element to the
 * end of the head twice as it starts, and the browser then matches the whole page's styles again: 20 ms on
 * this machine, four times that on a phone, while the page is being taken over.
 */
export function pageStyleCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  const drawn = document.querySelector(`style[${firstScreen.styleNamesAttribute}]`);
  for (const name of drawn?.getAttribute(firstScreen.styleNamesAttribute)?.split(' ') ?? []) {
    if (name) cache.inserted[name] = true;
  }
  return cache;
}
