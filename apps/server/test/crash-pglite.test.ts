import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { AUDIT_ACTIONS } from '../src/modules/audit/audit-actions';
import { freePort } from './helpers/free-port';
import { serverProcess } from './helpers/server-process';

/**
 * The embedded default killed with SIGKILL while it writes (docs/stress.md): every restart recovers
 * on the same data folder (the lock of the dead process is taken over), and nothing it answered
 * is lost. The writes: sign-in attempts, each recorded in the audit log before it is answered.
 */
const KILLS = Number(process.env.CRASH_PGLITE_KILLS ?? 5);
const dataDir = mkdtempSync(join(tmpdir(), 'gerbang-crash-'));

describe('the embedded default killed while it writes', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(`restarts after each of ${KILLS} SIGKILLs and keeps every write it answered`, async () => {
    const server = serverProcess({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      // Every attempt is answered 401 (and recorded), none refused for being too many.
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
      LOGIN_MAX_FAILURES_PER_IP: '1000000',
    });
    let answered = 0;
    for (let kill = 0; kill < KILLS; kill += 1) {
      await server.start();
      let stop = false;
      const writers = Array.from({ length: 4 }, async (_, writer) => {
        for (let i = 0; !stop; i += 1) {
          const res = await fetch(`${server.url}/auth/signin`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: `crash-${kill}-${writer}-${i}@example.test`, password: 'not the password' }),
          }).catch(() => null);
          if (!res) return;
          if (res.status === 401) answered += 1;
        }
      });
      await new Promise((r) => setTimeout(r, 400 + kill * 250));
      await server.kill();
      stop = true;
      await Promise.all(writers);
    }
    // Once more, then a clean stop: the data folder opens in this process and is counted.
    await server.start();
    await server.stop();
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
