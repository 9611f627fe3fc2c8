import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import { withDatabase } from '../global-setup';

/**
 * A fresh, migrated database for one test file: a copy of the migrated PGlite dump, or a new
 * PostgreSQL database made from the migrated template. Dropped on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (inject('testDatabase') === 'pglite') {
    const dump = readFileSync(inject('pgliteDumpPath'));
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  }
  const serverUrl = inject('postgresUrl');
  const name = `gerbang_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
