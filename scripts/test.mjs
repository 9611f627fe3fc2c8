// `npm test`: every check the project has, in the order that fails fastest.
// Server tests run twice: on PGlite and on a real PostgreSQL server started here on loopback.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startPostgres } from './postgres-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => `${root}node_modules/.bin/${name}`;
const only = process.argv.slice(2);
const results = [];

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
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  if (!ok) console.error(`--- ${name} FAILED (exit ${r.status ?? r.signal})`);
}

step('lint', bin('biome'), ['check', '.']);
step('typecheck', bin('tsc'), ['-b', 'packages/contract', 'apps/server', 'apps/web', 'apps/simulator', 'e2e', 'bench']);
step('contract', bin('vitest'), ['run', '--passWithNoTests'], { cwd: `${root}packages/contract` });
step('web', bin('vitest'), ['run'], { cwd: `${root}apps/web` });
step('server-pglite', bin('vitest'), ['run'], { cwd: `${root}apps/server`, env: { TEST_DATABASE: 'pglite' } });
step('simulator-pglite', bin('vitest'), ['run'], { cwd: `${root}apps/simulator`, env: { TEST_DATABASE: 'pglite' } });

if (only.length === 0 || only.some((name) => name.endsWith('-postgres'))) {
  const pg = startPostgres({ port: Number(process.env.TEST_PG_PORT ?? 55433) });
  const env = { TEST_DATABASE: 'postgres', TEST_DATABASE_URL: pg.url };
  try {
    step('server-postgres', bin('vitest'), ['run'], { cwd: `${root}apps/server`, env });
    step('simulator-postgres', bin('vitest'), ['run'], { cwd: `${root}apps/simulator`, env });
  } finally {
    pg.stop();
  }
}

// The e2e suite serves these builds against its own API on port 18080 (e2e/support/e2e-env.ts).
step('build', 'npm', ['run', 'build', '--workspace', 'apps/web'], {
  env: { VITE_BACKEND_URL: 'http://localhost:18080' },
});
step('bundle-size', 'node', ['scripts/check-bundle-size.mjs']);
step('e2e', bin('playwright'), ['test'], { cwd: `${root}e2e`, env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok    ' : 'FAILED'} ${r.name} (${r.seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`suites: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
