import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ROLE } from '@gerbang/contract';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { lockDataDir } from '../src/db/data-dir-lock';
import { openDatabase } from '../src/db/database';
import { withDatabase } from './global-setup';
import { databaseFingerprint } from './helpers/database-fingerprint';
import { insertUser } from './helpers/test-app';
import { createTestDatabase } from './helpers/test-database';

/** `npm run backup` and `npm run restore` (docs/operations.md), run as an operator runs them. */
const CLI = fileURLToPath(new URL('../src/cli/backup.ts', import.meta.url));
const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'gerbang-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function cli(args: string[], env: Record<string, string>) {
  const cleaned = { ...process.env };
  delete cleaned.DATABASE_URL;
  return run(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...cleaned, ...env } }).then(
    (ok) => ({ code: 0, output: ok.stdout + ok.stderr }),
    (failed: { code: number; stdout: string; stderr: string }) => ({
      code: failed.code,
      output: failed.stdout + failed.stderr,
    }),
  );
}

describe.skipIf(inject('testDatabase') !== 'pglite')('backup and restore on the embedded default', () => {
  it('restores a backup into an empty DATA_DIR with every row, and refuses while a server holds the folder', async () => {
    const source = join(work, 'source');
    mkdirSync(source, { recursive: true });
    const database = await openDatabase({ kind: 'pglite', dataDir: join(source, 'pglite') });
    await database.migrate();
    for (let i = 0; i < 5; i += 1) await insertUser(database, { roleId: ROLE.Staff });
    const before = await databaseFingerprint(database.db, []);
    await database.close();

    const release = lockDataDir(source);
    const refused = await cli(['backup', join(work, 'refused.tar.gz')], { DATA_DIR: source });
    release();
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/Stop the server first/);

    const file = join(work, 'gerbang.tar.gz');
    const backup = await cli(['backup', file], { DATA_DIR: source });
    expect(backup.output).toMatch(/Backed up .* \(\d+ bytes\)/);
    const target = join(work, 'target');
    expect((await cli(['restore', file], { DATA_DIR: target })).code).toBe(0);
    const again = await cli(['restore', file], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already holds a database/);

    const restored = await openDatabase({ kind: 'pglite', dataDir: join(target, 'pglite') });
    try {
      expect(await databaseFingerprint(restored.db, [])).toEqual(before);
    } finally {
      await restored.close();
    }
  }, 120_000);
});

describe.skipIf(inject('testDatabase') !== 'postgres')('backup and restore on PostgreSQL', () => {
  it('restores a pg_dump backup into an empty database with every row', async () => {
    const database = await createTestDatabase();
    const emptyName = `gerbang_restore_${Date.now()}`;
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${emptyName}`);
    const emptyUrl = withDatabase(inject('postgresUrl'), emptyName);
    try {
      for (let i = 0; i < 5; i += 1) await insertUser(database, { roleId: ROLE.Staff });
      const before = await databaseFingerprint(database.db, []);
      const file = join(work, 'gerbang.dump');
      const secrets = { JWT_SECRET: 'x'.repeat(40), ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') };
      const backup = await cli(['backup', file], { DATABASE_URL: database.url as string, ...secrets });
      expect(backup.output).toMatch(/Backed up PostgreSQL/);
      const restore = await cli(['restore', file], { DATABASE_URL: emptyUrl, ...secrets });
      expect(restore.code, restore.output).toBe(0);
      const restored = await openDatabase({ kind: 'postgres', url: emptyUrl, poolSize: 1 });
      try {
        expect(await databaseFingerprint(restored.db, [])).toEqual(before);
      } finally {
        await restored.close();
      }
    } finally {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${emptyName} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);
});
