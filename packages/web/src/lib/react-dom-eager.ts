/**
 * React's DOM renderer, run as soon as its chunk is (web vite.config.ts puts this file in the `react-dom`
 * chunk): the page's loader runs the entry's imports one per task before the entry (public/load-after-paint.js),
 * so React's largest module starts in a task of its own instead of inside the entry's.
 */
import 'react-dom/client';
