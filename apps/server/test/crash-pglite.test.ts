import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { AUDIT_ACTIONS } from '../src/modules/audit/audit-actions';

/**
 * The embedded default killed with SIGKILL while it writes (docs/stress.md): every restart recovers
 * on the same data folder (the lock of the dead process is taken over), and nothing it answered
 * is lost. The writes: sign-in attempts, each recorded in the audit log before it is answered.
 */
const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const KILLS = Number(process.env.CRASH_PGLITE_KILLS ?? 5);
const dataDir = mkdtempSync(join(tmpdir(), 'gerbang-crash-'));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      METRICS_PORT: '0',
      SERVE_CONSOLES: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Every attempt is answered 401 (and recorded), none refused for being too many.
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
      LOGIN_MAX_FAILURES_PER_IP: '1000000',
    },
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if (child.exitCode !== null) throw new Error(`the server did not restart (exit ${child.exitCode}): ${output}`);
    if ((await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status === 200) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not ready within 60 s: ${output}`);
}

describe('the embedded default killed while it writes', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(`restarts after each of ${KILLS} SIGKILLs and keeps every write it answered`, async () => {
    const port = await freePort();
    let answered = 0;
    for (let kill = 0; kill < KILLS; kill += 1) {
      const child = await startServer(port);
      let stop = false;
      const writers = Array.from({ length: 4 }, async (_, writer) => {
        for (let i = 0; !stop; i += 1) {
          const res = await fetch(`http://127.0.0.1:${port}/auth/signin`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: `crash-${kill}-${writer}-${i}@example.test`, password: 'not the password' }),
          }).catch(() => null);
          if (!res) return;
          if (res.status === 401) answered += 1;
        }
      });
      await new Promise((r) => setTimeout(r, 400 + kill * 250));
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      stop = true;
      await Promise.all(writers);
    }
    // Once more, then a clean stop: the data folder opens in this process and is counted.
    const last = await startServer(port);
    const stopped = new Promise((r) => last.once('exit', r));
    last.kill('SIGTERM');
    await stopped;
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      const result = (await database.db.execute(
        sql`select count(*)::int as count from audit_log where action = ${AUDIT_ACTIONS.signinFailed}`,
      )) as unknown as { rows: { count: number }[] };
      expect(answered).toBeGreaterThan(10);
      expect(result.rows[0]?.count).toBeGreaterThanOrEqual(answered);
    } finally {
      await database.close();
    }
  }, 300_000);
});
