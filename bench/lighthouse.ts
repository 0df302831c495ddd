import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
import { type DemoServer, startDemoServer } from './demo-server';
import { benchOptions } from './lib/options';
import { type LighthousePage, lighthousePages } from './lighthouse-pages';

/**
 * Lighthouse (simulated throttling, as Lighthouse defaults) on every route of the app
 * (`lighthouse-pages.ts`), with the mobile and the desktop preset, in Debian's Chromium against the compiled
 * server on a fresh PGlite folder with the demo content. Each page and preset runs `--repetitions` times
 * (default 3, alternating) in a fresh browser, after one unmeasured visit of each page (`warmUp`);
 * Lighthouse's median run counts.
 */
const budgets = { mobile: 95, desktop: 95 } as const;
type Preset = keyof typeof budgets;

const chromePath = process.env.PLAZA_CHROMIUM ?? '/usr/bin/chromium';
// chrome-launcher adds --disable-background-networking, --disable-component-update and --disable-sync itself.
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
  // Chromium 156 starts its address bar's popup as a page of its own (a "top chrome WebUI" renderer) even
  // headless, where nothing shows it: about 1 s of CPU in the first 1.5 s after launch here, beside the
  // measured page on a machine of two cores. A phone's browser draws its address bar elsewhere. Chromium
  // reads the last --disable-features only, so the list keeps chrome-launcher's own.
  `${launcherDisabledFeatures()},WebUIOmniboxPopup,WebUIOmniboxAimPopup`,
];

/** chrome-launcher's own `--disable-features=...` flag (Lighthouse's: RenderDocument among them). */
function launcherDisabledFeatures(): string {
  const flag = chromeLauncher.Launcher.defaultFlags().find((item) => item.startsWith('--disable-features='));
  if (!flag) throw new Error('chrome-launcher no longer disables features: check its default flags');
  return flag;
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
}
const runs = benchOptions().repetitions;
/** `--page sign-in,dashboard`: only these pages (names in `lighthouse-pages.ts`). */
const onlyPages = option('page')?.split(',');
/** `--preset mobile`: only that preset. */
const onlyPreset = option('preset') as Preset | undefined;
const presets = (Object.keys(budgets) as Preset[]).filter((preset) => !onlyPreset || preset === onlyPreset);
/** `--reports <dir>`: keeps every run's Lighthouse report (JSON) there, to read what it found. */
const reportDir = option('reports');
const distArg = option('dist');
const webDist = distArg ? path.resolve(distArg) : undefined;

interface Figures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
  requests: number;
  transferKb: number;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function figures(lhr: Lhr): Figures {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const network = lhr.audits['network-requests']?.details;
  const items = network && 'items' in network ? network.items : [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    fcpMs: Math.round(audit('first-contentful-paint')),
    speedIndexMs: Math.round(audit('speed-index')),
    requests: items.length,
    transferKb: Math.round(audit('total-byte-weight') / 1024),
  };
}

/** Times a run is tried when Lighthouse itself fails to record it (NO_NAVSTART, say), as it asks. */
const attempts = 3;

/** One Lighthouse run, tried again (in a new browser) when Lighthouse could not record the page load. */
async function audit(server: DemoServer, page: LighthousePage, preset: Preset): Promise<Lhr> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(server, page, preset);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt === attempts) throw error;
      console.error(`${error.message}: run ${attempt} of ${attempts} repeated`);
    }
  }
}

/** Lighthouse reported that it could not record the run: a fault of the recording, not of the page. */
class LighthouseRuntimeError extends Error {}

async function auditOnce(server: DemoServer, page: LighthousePage, preset: Preset): Promise<Lhr> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const tab = await browser.newPage();
    const cookies = Object.entries(page.cookies);
    if (cookies.length) {
      await browser.setCookie(
        ...cookies.map(([name, value]) => ({ name, value, domain: '127.0.0.1', path: '/' })),
      );
    }
    const result = await lighthouse(
      `${server.url}${page.path}`,
      { logLevel: 'error', output: 'json', onlyCategories: ['performance'] },
      preset === 'desktop' ? desktopConfig : undefined,
      tab,
    );
    await browser.disconnect();
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      throw new LighthouseRuntimeError(`Lighthouse on ${page.path}: ${lhr.runtimeError.message}`);
    }
    return lhr;
  } finally {
    chrome.kill();
  }
}

const indexFile = path.join(
  webDist ?? path.resolve(import.meta.dirname, '../packages/web/dist'),
  'index.html',
);
if (!existsSync(indexFile)) {
  console.error(`No web build (${indexFile} is missing): run \`npm run build\` first.`);
  process.exit(2);
}
if (!existsSync(chromePath)) {
  console.error(
    `No Chromium at ${chromePath}: install Debian's (apt-get install -y chromium) or set PLAZA_CHROMIUM.`,
  );
  process.exit(2);
}
/**
 * Opens each page once, unmeasured, as the HTTP scenarios warm up: the first answers of a freshly started
 * server (Node compiling its code, PGlite planning its statements: the news stream's first answer took
 * 400 ms here, later ones 30-70 ms) are not what a member meets on a running server.
 */
async function warmUp(server: DemoServer, measured: LighthousePage[]): Promise<void> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    for (const page of measured) {
      const context = await browser.createBrowserContext();
      const cookies = Object.entries(page.cookies);
      if (cookies.length) {
        await context.setCookie(
          ...cookies.map(([name, value]) => ({ name, value, domain: '127.0.0.1', path: '/' })),
        );
      }
      const tab = await context.newPage();
      await tab.goto(`${server.url}${page.path}`, { waitUntil: 'networkidle0' });
      await context.close();
    }
    await browser.disconnect();
  } finally {
    // The measured runs start a browser of their own: this one is gone first.
    const exited = new Promise((resolve) => chrome.process.once('exit', resolve));
    chrome.kill();
    await exited;
  }
}

const server = await startDemoServer({ webDist });
let failed = 0;
try {
  const all = await lighthousePages(server);
  const unknown = onlyPages?.filter((name) => !all.some((page) => page.name === name)) ?? [];
  if (unknown.length)
    throw new Error(`no page ${unknown.join(', ')}: ${all.map((page) => page.name).join(', ')}`);
  const measured = all.filter((page) => !onlyPages || onlyPages.includes(page.name));
  await warmUp(server, measured);
  const results = new Map<string, Lhr[]>();
  // Alternating repetitions: a noisy moment of the machine spreads over every page and preset.
  for (let run = 0; run < runs; run += 1) {
    for (const page of measured) {
      for (const preset of presets) {
        const key = `${page.name} ${preset}`;
        const lhr = await audit(server, page, preset);
        results.set(key, [...(results.get(key) ?? []), lhr]);
        if (reportDir) {
          mkdirSync(reportDir, { recursive: true });
          writeFileSync(path.join(reportDir, `${page.name}-${preset}-${run + 1}.json`), JSON.stringify(lhr));
        }
      }
    }
  }
  for (const page of measured) {
    for (const preset of presets) {
      const all = results.get(`${page.name} ${preset}`)!;
      const median = figures(computeMedianRun(all));
      const budget = budgets[preset];
      const ok = median.score >= budget;
      if (!ok) failed += 1;
      console.log(
        JSON.stringify({
          scenario: `lighthouse ${page.name} ${preset}`,
          budgetScore: budget,
          median,
          scores: all.map((lhr) => figures(lhr).score),
          // Lighthouse's measure of this machine's speed at the time (about 1,000+ for a desktop machine at rest).
          benchmarkIndex: all.map((lhr) => Math.round(lhr.environment.benchmarkIndex)),
        }),
      );
      console.log(
        `lighthouse ${page.name} ${preset}: performance ${median.score} (budget >= ${budget}), LCP ${(median.lcpMs / 1000).toFixed(1)} s, TBT ${median.tbtMs} ms, CLS ${median.cls} ${ok ? 'OK' : 'UNDER'}`,
      );
    }
  }
} finally {
  await server.stop();
}
if (failed) process.exitCode = 1;
