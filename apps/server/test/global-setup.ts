import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: 'pglite' | 'postgres';
    /** pglite: path of a migrated data-dir dump each test file starts from. */
    pgliteDumpPath: string;
    /** postgres: server URL and the migrated template database each test file copies. */
    postgresUrl: string;
    postgresTemplate: string;
  }
}

/**
 * Builds the server once (the process tests run dist/main.js, as `npm start` does), and migrates once
 * per run; every test file then gets its own copy of the migrated database.
 */
export default async function setup(project: TestProject) {
  const built = spawnSync(process.execPath, [fileURLToPath(new URL('../scripts/build.mjs', import.meta.url))], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`the server did not build: ${built.stderr}`);
  const kind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
  project.provide('testDatabase', kind);

  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'gerbang-pglite-'));
    const handle = await openDatabase({ kind: 'pglite' });
    await handle.migrate();
    const client = (handle.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    const path = join(dir, 'migrated.tar');
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    project.provide('pgliteDumpPath', path);
    project.provide('postgresUrl', '');
    project.provide('postgresTemplate', '');
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE=postgres needs TEST_DATABASE_URL (a superuser URL)');
  const template = `gerbang_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const handle = await openDatabase({ kind: 'postgres', url: withDatabase(url, template), poolSize: 1 });
  await handle.migrate();
  await handle.close();
  project.provide('postgresUrl', url);
  project.provide('postgresTemplate', template);
  project.provide('pgliteDumpPath', '');
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
