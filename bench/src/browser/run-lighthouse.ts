import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { navigation } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { median } from '../median';
import { BENCH_API_TOKEN } from '../seed';
import { CHROMIUM_ARGS, type ConsoleUnderTest, chromiumPathOrSkip, startConsoleUnderTest } from './console-under-test';

/**
 * Lighthouse 13 with its mobile defaults (Moto G Power screen, simulated slow 4G and a 4× slower
 * CPU) against the consoles as `npm start` serves them: the sign-in page, every page of the admin
 * console's route table for a signed-in Admin with 20 simulated phones online (a detail page on
 * the first item of its list), every page of the merchant console's for the bench merchant's
 * owner, and a customer's deposit and withdraw pages (customer.html) on a
 * 320 px screen. Every run starts with an empty
 * HTTP cache; each page runs BENCH_LIGHTHOUSE_RUNS times (3) and the medians are reported against
 * issue 10's targets. Debian's Chromium, driven by puppeteer-core (Lighthouse's own dependency).
 *
 * Run: `node --import tsx bench/src/browser/run-lighthouse.ts` (or runLighthouseBench()).
 * Env: BENCH_LIGHTHOUSE_RUNS (3), BENCH_LIGHTHOUSE_PAGES (page ids: signin, dashboard, device-id,
 * transaction, dana, dana-id, …, merchant-dashboard, merchant-api-tokens, …, deposit, withdraw; all
 * by default), BENCH_LIGHTHOUSE_TRACES=1 (each run's performance trace beside its report, as
 * `<report>.trace.json`: the main thread's tasks before the largest paint, for Chrome's
 * Performance panel), CHROMIUM_PATH (/usr/bin/chromium).
 */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** BENCH_LIGHTHOUSE_PAGES=signin,dashboard: only these pages (ids below). */
const ONLY_PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const WITH_TRACES = process.env.BENCH_LIGHTHOUSE_TRACES === '1';
const DEVICES = 20;
/** DANA accounts on those phones (ten each on the first three), so the DANA pages have rows. */
const WALLET_ACCOUNTS = 30;
const RESULTS = fileURLToPath(new URL('../../.results', import.meta.url));
const log = (message: string) => console.log(`[bench:lighthouse] ${message}`);

type Target = { performance: number; accessibility: number; lcpMs?: number };
type PageCase = {
  id: string;
  name: string;
  /** The page's address; a function makes or finds what the page needs first (null: nothing to show). */
  path: string | ((world: ConsoleUnderTest) => Promise<string | null>);
  signedIn: boolean;
  /** The merchant console (its owner signed in), not the admin console. */
  merchantConsole?: boolean;
  /** The emulated screen's width in CSS pixels, when not Lighthouse's phone (412). */
  screenWidth?: number;
  target: Target;
};

/** A fresh payment session of the bench merchant, opened through the merchant API. */
async function newDepositPage(world: ConsoleUnderTest): Promise<string> {
  const response = await fetch(`${world.apiUrl}/v1/payment-sessions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${BENCH_API_TOKEN}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ referenceNumber: `LH-${randomUUID()}`, amount: '150000' }),
  });
  const session = (await response.json()) as { paymentUrl?: string };
  if (!response.ok || !session.paymentUrl) throw new Error(`payment session: ${response.status}`);
  const url = new URL(session.paymentUrl);
  return `${url.pathname}${url.search}`;
}

/** A fresh customer withdrawal of the bench merchant, opened through the merchant API. */
async function newWithdrawPage(world: ConsoleUnderTest): Promise<string> {
  const response = await fetch(`${world.apiUrl}/v1/withdrawals`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${BENCH_API_TOKEN}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      referenceNumber: `LHW-${randomUUID()}`,
      amount: '50000',
      provider: 'bca',
      accountNumber: '8610012345',
    }),
  });
  const withdrawal = (await response.json()) as { withdrawUrl?: string };
  if (!response.ok || !withdrawal.withdrawUrl) throw new Error(`withdrawal: ${response.status}`);
  const url = new URL(withdrawal.withdrawUrl);
  return `${url.pathname}${url.search}`;
}

/** The first item of an API list, for a detail page's address; null when the list is empty. */
async function firstIdOf(world: ConsoleUnderTest, listPath: string): Promise<string | null> {
  const response = await fetch(`${world.apiUrl}${listPath}`, { headers: world.headers });
  if (!response.ok) throw new Error(`${listPath}: ${response.status}`);
  return ((await response.json()) as { items: { id: string }[] }).items[0]?.id ?? null;
}

/** Where a detail page finds an id to show: the list its `:id` comes from. */
function listOfDetail(pattern: string): string {
  const [, first] = pattern.split('/');
  if (first === 'device') return '/devices';
  if (first === 'user') return '/users?limit=1';
  return `/wallets?provider=${first}&limit=1`;
}

/**
 * Issue 31: every signed-in page of the admin console (its route table, as the build lists it),
 * at performance ≥ 95 and LCP ≤ 2 s on Lighthouse's phone. A detail page shows the first item of
 * its list; one whose list is empty is skipped (and says so).
 */
function consolePages(world: ConsoleUnderTest): PageCase[] {
  return world.routePaths
    .filter((path) => !path.startsWith('/auth/'))
    .map((pattern) => ({
      id: pattern === '/' ? 'dashboard' : pattern.slice(1).replaceAll('/:', '-').replaceAll('/', '-'),
      name: `${pattern} (signed in)`,
      path: pattern.includes(':')
        ? async (): Promise<string | null> => {
            const id = await firstIdOf(world, listOfDetail(pattern));
            return id ? pattern.replace(/:[a-z]+/, id) : null;
          }
        : pattern,
      signedIn: true,
      target: { performance: 95, accessibility: 95, lcpMs: 2000 },
    }));
}

/** Issue 31 too: every signed-in page of the merchant console, its owner signed in (ids `merchant-…`). */
function merchantConsolePages(routePaths: string[]): PageCase[] {
  return routePaths
    .filter((path) => !path.startsWith('/auth/'))
    .map((path) => ({
      id: path === '/' ? 'merchant-dashboard' : `merchant-${path.slice(1).replaceAll('/', '-')}`,
      name: `merchant ${path} (signed in)`,
      path,
      signedIn: true,
      merchantConsole: true,
      target: { performance: 95, accessibility: 95, lcpMs: 2000 },
    }));
}

const PUBLIC_PAGES: PageCase[] = [
  {
    id: 'signin',
    name: 'Sign in',
    path: '/auth/signin',
    signedIn: false,
    target: { performance: 95, accessibility: 95 },
  },
  {
    // Issue 7: customers are on cheap phones on slow networks, 320 px wide.
    id: 'deposit',
    name: 'Deposit page (320 px)',
    path: newDepositPage,
    signedIn: false,
    screenWidth: 320,
    target: { performance: 95, accessibility: 95 },
  },
  {
    // Issue 8: the withdraw page has the deposit page's targets.
    id: 'withdraw',
    name: 'Withdraw page (320 px)',
    path: newWithdrawPage,
    signedIn: false,
    screenWidth: 320,
    target: { performance: 95, accessibility: 95 },
  },
];

type RunFigures = {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferredKiB: number;
  unusedJsKiB: number;
  failedAccessibilityAudits: string[];
};

/** One Lighthouse run; its full report goes to `reportFile` (open it in the Lighthouse viewer). */
async function lighthouseRun(
  browser: Browser,
  url: string,
  storage: [string, string][] | undefined,
  reportFile: string,
  screenWidth?: number,
): Promise<RunFigures> {
  const page = await browser.newPage();
  try {
    if (storage) {
      // A signed-in operator: the session in the console's storage (as the sign-in page leaves
      // it), which Lighthouse must then keep (disableStorageReset).
      await page.goto(new URL('/favicon.svg', url).href);
      await page.evaluate((items) => {
        const local = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
        for (const [key, value] of items) local.setItem(key, value);
      }, storage);
    }
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const result = await navigation(page as never, url, {
      config: {
        extends: 'lighthouse:default',
        settings: {
          onlyCategories: ['performance', 'accessibility'],
          disableStorageReset: Boolean(storage),
          ...(screenWidth
            ? {
                screenEmulation: {
                  mobile: true,
                  width: screenWidth,
                  height: Math.round((screenWidth * 16) / 9),
                  deviceScaleFactor: 2,
                  disabled: false,
                },
              }
            : {}),
        },
      },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    writeFileSync(reportFile, JSON.stringify(lhr));
    if (WITH_TRACES)
      writeFileSync(reportFile.replace(/\.json$/, '.trace.json'), JSON.stringify(result.artifacts.Trace));
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const unused = lhr.audits['unused-javascript']?.details as { overallSavingsBytes?: number } | undefined;
    const accessibility = lhr.categories.accessibility;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((accessibility?.score ?? 0) * 100),
      fcpMs: Math.round(audit('first-contentful-paint')),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
      speedIndexMs: Math.round(audit('speed-index')),
      transferredKiB: Math.round((audit('total-byte-weight') / 1024) * 10) / 10,
      unusedJsKiB: Math.round(((unused?.overallSavingsBytes ?? 0) / 1024) * 10) / 10,
      failedAccessibilityAudits: (accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    };
  } finally {
    await page.close();
  }
}

function verdict(figures: Omit<RunFigures, 'failedAccessibilityAudits'>, target: Target): boolean {
  return (
    figures.performance >= target.performance &&
    figures.accessibility >= target.accessibility &&
    (target.lcpMs === undefined || figures.lcpMs <= target.lcpMs)
  );
}

export async function runLighthouseBench(): Promise<void> {
  const started = Date.now();
  const chromiumPath = chromiumPathOrSkip(log);
  if (!chromiumPath) return;
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  try {
    const world = await startConsoleUnderTest({
      adminEmail: 'lighthouse-admin@example.test',
      devices: DEVICES,
      walletAccounts: WALLET_ACCOUNTS,
      merchantConsole: !ONLY_PAGES || ONLY_PAGES.some((id) => id.startsWith('merchant-')),
    });
    cleanups.push(() => world.stop());

    const browser = await puppeteer.launch({
      executablePath: chromiumPath,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    cleanups.push(() => browser.close());

    mkdirSync(RESULTS, { recursive: true });
    const report = [];
    const pages = [
      ...PUBLIC_PAGES.slice(0, 1),
      ...consolePages(world),
      ...merchantConsolePages(world.merchant?.routePaths ?? []),
      ...PUBLIC_PAGES.slice(1),
    ];
    for (const pageCase of pages.filter((page) => !ONLY_PAGES || ONLY_PAGES.includes(page.id))) {
      const path = typeof pageCase.path === 'string' ? pageCase.path : await pageCase.path(world);
      if (path === null) {
        log(`${pageCase.name}: nothing to show in this world, skipped`);
        continue;
      }
      const signedInto = pageCase.merchantConsole ? world.merchant : world;
      if (!signedInto) throw new Error(`${pageCase.name}: the merchant console was not started`);
      const url = `${signedInto.consoleUrl}${path}`;
      // A fresh session for each page: a stored one is at most a few minutes old when its runs end.
      const storage = pageCase.signedIn ? await signedInto.signIn() : undefined;
      const runs: RunFigures[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const reportFile = join(RESULTS, `lighthouse-${pageCase.id}-${i + 1}.json`);
        runs.push(await lighthouseRun(browser, url, storage, reportFile, pageCase.screenWidth));
        log(`${pageCase.name} run ${i + 1}/${RUNS}: performance ${runs.at(-1)?.performance}`);
      }
      const keys = [
        'performance',
        'accessibility',
        'fcpMs',
        'lcpMs',
        'tbtMs',
        'cls',
        'speedIndexMs',
        'transferredKiB',
        'unusedJsKiB',
      ] as const;
      const medians = Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key])) ?? 0])) as Omit<
        RunFigures,
        'failedAccessibilityAudits'
      >;
      const failedAudits = [...new Set(runs.flatMap((run) => run.failedAccessibilityAudits))];
      report.push({
        page: pageCase.name,
        path,
        target: pageCase.target,
        medians,
        runs,
        pass: verdict(medians, pageCase.target),
        failedAudits,
      });
    }

    console.log(
      `\nPage (median of ${RUNS} runs)`.padEnd(33) +
        ['perf', 'a11y', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'SI ms', 'KiB', 'unused JS']
          .map((h) => h.padStart(9))
          .join(''),
    );
    for (const row of report) {
      const m = row.medians;
      console.log(
        row.page.padEnd(32) +
          [
            m.performance,
            m.accessibility,
            m.fcpMs,
            m.lcpMs,
            m.tbtMs,
            m.cls,
            m.speedIndexMs,
            m.transferredKiB,
            m.unusedJsKiB,
          ]
            .map((v) => String(v).padStart(10))
            .join(''),
      );
    }
    for (const row of report) {
      const t = row.target;
      log(
        `${row.page}: target performance ≥ ${t.performance}, accessibility ≥ ${t.accessibility}${t.lcpMs ? `, LCP ≤ ${t.lcpMs} ms` : ''} → ${row.pass ? 'PASS' : 'FAIL'}${row.failedAudits.length ? ` (accessibility audits below 1: ${row.failedAudits.join(', ')})` : ''}`,
      );
    }
    writeFileSync(join(RESULTS, 'lighthouse.json'), JSON.stringify({ runs: RUNS, pages: report }, null, 2));
    log(
      `raw results: ${join(RESULTS, 'lighthouse.json')}; load average ${loadavg()[0]?.toFixed(2)} (${Math.round((Date.now() - started) / 1000)} s in all)`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runLighthouseBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
