// On a page the server rendered (server platform/app-page.ts), the app's code is fetched once the page has
// been painted, so a slow phone shows the page before it downloads and runs the code that takes it over.
// The page names the app's entry (`data-entry`), the entry's imports, each after those it imports
// (`data-entry-imports`), and the modules to fetch beside it (`data-modules`).
(() => {
  const script = document.currentScript;
  const entry = script.dataset.entry;
  const list = (value) => (value || '').split(' ').filter(Boolean);
  const entryImports = list(script.dataset.entryImports);
  const modules = [entry, ...list(script.dataset.modules)];
  // The files are fetched into the browser's cache, one request per task, for the imports below to find
  // there. Not by `<link rel="modulepreload">`: each link added to the document made the browser update
  // the page's rendering and draw a frame (a style recalculation and a commit the main thread waits on,
  // 13-24 ms each in Lighthouse's traces here, four times that at its slow-down), one per file; a fetch
  // adds nothing to the document.
  const preload = (index) => {
    fetch(modules[index])
      .then((response) => response.blob())
      .catch(() => undefined);
    if (index + 1 < modules.length) setTimeout(preload, 0, index + 1);
  };
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  // The entry's imports run one per task, each after those it imports, before the entry itself: run with
  // the entry, its libraries (React's DOM, the texts) made one long task.
  const load = async () => {
    preload(0);
    for (const file of entryImports) {
      await import(file).catch(() => undefined);
      await nextTask();
    }
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.append(app);
  };
  // Times come in UTC (the server does not know the window's time zone, components/moment.tsx): they are
  // written in the window's zone at once, in the app's formats (`dateFormats.moment`, DD.MM.YYYY HH:mm, or
  // for `data-moment="day"` `dateFormats.day`, DD.MM.YYYY).
  const two = (number) => String(number).padStart(2, '0');
  for (const time of document.querySelectorAll('time[data-moment]')) {
    const moment = new Date(time.dateTime);
    if (Number.isNaN(moment.getTime())) continue;
    const day = `${two(moment.getDate())}.${two(moment.getMonth() + 1)}.${moment.getFullYear()}`;
    time.textContent =
      time.dataset.moment === 'day' ? day : `${day} ${two(moment.getHours())}:${two(moment.getMinutes())}`;
  }
  // Until the app runs, a click on one of the page's controls would do nothing: the control is marked and
  // the app clicks it again once it has taken the control over (app/early-clicks.ts). Links work
  // without the app and are left alone.
  const keep = (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest('a[href]')) return;
    // `firstScreen.earlyClick.controls` of the contract.
    (target.closest('button, [role="button"], input, select, textarea, label') || target).setAttribute(
      'data-early-click',
      '',
    );
    event.preventDefault();
    event.stopPropagation();
  };
  document.addEventListener('click', keep, true);
  // What is typed into a field before the app has taken it over would be lost: the page's text fields are
  // read-only until then, each given back once React has it (app/early-clicks.ts,
  // `firstScreen.earlyClick.fieldAttribute`).
  // The page is not ready for input until the app has taken it over (app/early-clicks.ts `pageTakenOver`).
  document.getElementById('root')?.setAttribute('aria-disabled', 'true');
  for (const field of document.querySelectorAll(
    '#root input:not([readonly]), #root textarea:not([readonly])',
  )) {
    field.setAttribute('readonly', '');
    field.setAttribute('data-early-readonly', '');
  }
  document.addEventListener('plaza:app-starts', () => document.removeEventListener('click', keep, true), {
    once: true,
  });
  // A frame's callback runs before the frame is painted; the timeout after it.
  requestAnimationFrame(() => setTimeout(load, 0));
})();
