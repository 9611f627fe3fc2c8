// `npm run stress`: the full proof settings on a PostgreSQL server started here on loopback
// (docs/stress.md): the fuzzer's 10,000 malformed requests (a new seed each run unless FUZZ_SEED is
// set), then the stress harness's 20 seeds x 200 operations (STRESS_SEEDS, STRESS_OPERATIONS;
// STRESS_SEED replays one), 20 SIGKILLs of the server under that load on PostgreSQL (CRASH_RUNS x
// CRASH_KILLS), 20 of either of two instances behind HAProxy (BALANCED_RUNS x BALANCED_KILLS) and
// 20 of the embedded default while it writes, then Debian's sqlmap against the API's parameters. `npm test` runs all but sqlmap with short settings. ONLY=<name> runs one.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startPostgres } from './postgres-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const pg = startPostgres({ port: Number(process.env.STRESS_PG_PORT ?? 55434) });
const fuzzSeed = process.env.FUZZ_SEED ?? String(Date.now() % 1_000_000_000);
const env = {
  ...process.env,
  TEST_DATABASE: 'postgres',
  TEST_DATABASE_URL: pg.url,
  FUZZ_SEED: fuzzSeed,
  FUZZ_REQUESTS: process.env.FUZZ_REQUESTS ?? '10000',
  STRESS_SEEDS: process.env.STRESS_SEEDS ?? '20',
  STRESS_OPERATIONS: process.env.STRESS_OPERATIONS ?? '200',
  CRASH_RUNS: process.env.CRASH_RUNS ?? '5',
  CRASH_KILLS: process.env.CRASH_KILLS ?? '4',
  BALANCED_RUNS: process.env.BALANCED_RUNS ?? '5',
  BALANCED_KILLS: process.env.BALANCED_KILLS ?? '4',
  CRASH_PGLITE_KILLS: process.env.CRASH_PGLITE_KILLS ?? '20',
  SQLMAP: '1',
};
const runs = [
  ['fuzz', 'apps/server', 'test/fuzz.test.ts'],
  ['stress', 'apps/simulator', 'test/stress.test.ts'],
  ['crash', 'apps/simulator', 'test/crash.test.ts'],
  ['crash-balanced', 'apps/simulator', 'test/crash-balanced.test.ts'],
  ['crash-pglite', 'apps/server', 'test/crash-pglite.test.ts'],
  ['sqlmap', 'apps/server', 'test/sqlmap.test.ts'],
];
const failed = [];
try {
  for (const [name, workspace, file] of runs) {
    if (process.env.ONLY && process.env.ONLY !== name) continue;
    console.log(`\n=== ${name}${name === 'fuzz' ? ` (FUZZ_SEED=${fuzzSeed})` : ''} ===`);
    const run = spawnSync(`${root}node_modules/.bin/vitest`, ['run', file], {
      cwd: `${root}${workspace}`,
      stdio: 'inherit',
      env,
    });
    if (run.status !== 0) failed.push(name);
  }
} finally {
  pg.stop();
}
console.log(failed.length === 0 ? '\nstress: all passed' : `\nstress: ${failed.join(', ')} FAILED`);
process.exit(failed.length === 0 ? 0 : 1);
