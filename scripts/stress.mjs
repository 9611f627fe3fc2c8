// `npm run stress`: the full stress setting on a PostgreSQL server started here on loopback
// (docs/stress.md). STRESS_SEEDS (20), STRESS_OPERATIONS (200) and STRESS_SEED (replay one seed)
// override it; `npm test` runs the same harness with a short setting.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startPostgres } from './postgres-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const pg = startPostgres({ port: Number(process.env.STRESS_PG_PORT ?? 55434) });
let status = 1;
try {
  const run = spawnSync(`${root}node_modules/.bin/vitest`, ['run', 'test/stress.test.ts'], {
    cwd: `${root}apps/simulator`,
    stdio: 'inherit',
    env: {
      ...process.env,
      TEST_DATABASE: 'postgres',
      TEST_DATABASE_URL: pg.url,
      STRESS_SEEDS: process.env.STRESS_SEEDS ?? '20',
      STRESS_OPERATIONS: process.env.STRESS_OPERATIONS ?? '200',
    },
  });
  status = run.status ?? 1;
} finally {
  pg.stop();
}
process.exit(status);
