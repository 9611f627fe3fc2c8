// `npm test`: every check the project has, in the order that fails fastest.
// Server tests run twice: on PGlite and on a real PostgreSQL server started here on loopback.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { startPostgres } from './postgres-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => `${root}node_modules/.bin/${name}`;
const only = process.argv.slice(2);
const results = [];
console.log(`Node ${process.version}`);
// Each vitest suite also writes a JSON report, so the summary can name the tests that failed: on
// CI only the end of the output may be seen.
const reports = mkdtempSync(join(tmpdir(), 'gerbang-test-reports-'));

function vitest(name, cwd, env) {
  const report = join(reports, `${name}.json`);
  const suiteErrors = `${root}scripts/vitest-suite-errors.mjs`;
  step(
    name,
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--reporter=${suiteErrors}`, `--outputFile.json=${report}`],
    { cwd, env: { ...env, VITEST_SUITE_ERRORS_FILE: `${report}.suites` }, report },
  );
}

const firstLine = (text) => stripVTControlCharacters(text ?? '').split('\n')[0];

/** Playwright's JSON report: suites nest; a spec fails when its last retry did not pass. */
function playwrightFailures(suites, file = '') {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => {
        const error = spec.tests.flatMap((test) => test.results).find((result) => result.error)?.error;
        return `${spec.file ?? file} › ${spec.title}: ${firstLine(error?.message)}`;
      }),
    ...playwrightFailures(suite.suites ?? [], suite.file ?? file),
  ]);
}

/** "file › test: first line of the error" for every failed test in a vitest or Playwright JSON report. */
function failuresIn(report) {
  if (!report || !existsSync(report)) return [];
  const suiteErrors = existsSync(`${report}.suites`) ? JSON.parse(readFileSync(`${report}.suites`, 'utf8')) : [];
  const parsed = JSON.parse(readFileSync(report, 'utf8'));
  if (parsed.suites) return playwrightFailures(parsed.suites);
  const { testResults = [] } = parsed;
  const inTests = testResults.flatMap((file) => {
    const path = file.name.replace(root, '');
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    // A file failed by a hook alone is named by the suite errors below.
    if (failed.length === 0 && file.status === 'failed' && !file.message) return [];
    if (failed.length === 0 && file.status === 'failed') return [`${path}: ${firstLine(file.message)}`];
    return failed.map((test) => `${path} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
  });
  return [...inTests, ...suiteErrors.map(firstLine)];
}

function step(name, cmd, args, options = {}) {
  if (only.length > 0 && !only.includes(name)) return;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, {
    cwd: options.cwd ?? root,
    stdio: 'inherit',
    env: { ...process.env, ...options.env },
  });
  const ok = r.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000), report: options.report });
  if (!ok) console.error(`--- ${name} FAILED (exit ${r.status ?? r.signal})`);
}

step('lint', bin('biome'), ['check', '.']);
step('layout', 'node', ['scripts/check-layout.mjs']);
step('typecheck', bin('tsc'), [
  '-b',
  'packages/contract',
  'apps/server',
  'apps/web',
  'apps/simulator',
  'e2e',
  'bench',
  'packages/sdk',
  'examples/shop',
]);
vitest('contract', `${root}packages/contract`);
vitest('web', `${root}apps/web`);
vitest('server-pglite', `${root}apps/server`, { TEST_DATABASE: 'pglite' });
vitest('simulator-pglite', `${root}apps/simulator`, { TEST_DATABASE: 'pglite' });
// The SDK's tests exercise HTTP, retries and signatures, not the database: PGlite is enough.
vitest('sdk', `${root}packages/sdk`, { TEST_DATABASE: 'pglite' });
// Its dist/ as a merchant installs it: emitted, standing alone, typechecked and loaded.
step('sdk-build', 'node', ['packages/sdk/scripts/build.mjs']);

if (only.length === 0 || only.some((name) => name.endsWith('-postgres'))) {
  const pg = startPostgres({ port: Number(process.env.TEST_PG_PORT ?? 55433) });
  const env = { TEST_DATABASE: 'postgres', TEST_DATABASE_URL: pg.url };
  try {
    vitest('server-postgres', `${root}apps/server`, env);
    vitest('simulator-postgres', `${root}apps/simulator`, env);
  } finally {
    pg.stop();
  }
}

// The e2e suite serves these builds with its own API under each console's `/api` (the default).
step('build', 'npm', ['run', 'build', '--workspace', 'apps/web'], {
  env: { VITE_BACKEND_URL: '/api' },
});
step('bundle-size', 'node', ['scripts/check-bundle-size.mjs']);
const e2eReport = join(reports, 'e2e.json');
step('e2e', bin('playwright'), ['test', '--reporter=list,json'], {
  cwd: `${root}e2e`,
  env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  report: e2eReport,
});

console.log('\n=== summary ===');
for (const r of results) {
  console.log(`${r.ok ? 'ok    ' : 'FAILED'} ${r.name} (${r.seconds}s)`);
  if (!r.ok) for (const failure of failuresIn(r.report)) console.log(`         ✗ ${failure}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`suites: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
