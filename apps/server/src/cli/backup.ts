import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ConfigError, parseConfig } from '../config';
import { lockDataDir } from '../db/data-dir-lock';

/**
 * `npm run backup -- [file]` and `npm run restore -- <file>` (docs/operations.md). On PostgreSQL
 * (DATABASE_URL) they run pg_dump / pg_restore; on the embedded default they dump PGlite's data
 * folder to one .tar.gz and load it into an empty DATA_DIR, refusing while a server holds the folder.
 * Secrets are never in a backup: the encryption key stays in the environment or DATA_DIR/secrets.json.
 */
const USAGE = 'Usage: npm run backup -- [file]  |  npm run restore -- <file>';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) fail(`${command} could not run (${result.error.message}); install the PostgreSQL client tools`);
  if (result.status !== 0) fail(`${command} failed (exit ${result.status})`);
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

async function main() {
  const [command, fileArgument] = process.argv.slice(2);
  if (command !== 'backup' && command !== 'restore') fail(USAGE, 2);
  if (command === 'restore' && !fileArgument) fail(USAGE, 2);
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : (error as Error).message);
  }

  if (config.DATABASE_URL) {
    if (command === 'backup') {
      const file = resolve(fileArgument ?? `gerbang-${stamp()}.dump`);
      run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${config.DATABASE_URL}`]);
      console.log(`Backed up PostgreSQL to ${file} (${statSync(file).size} bytes)`);
    } else {
      const file = resolve(fileArgument as string);
      if (!existsSync(file)) fail(`No such file: ${file}`);
      run('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--exit-on-error',
        `--dbname=${config.DATABASE_URL}`,
        file,
      ]);
      console.log(`Restored ${file} into PostgreSQL`);
    }
    return;
  }

  const dataDir = resolve(config.DATA_DIR);
  const pgliteDir = join(dataDir, 'pglite');
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    fail(`${(error as Error).message}. Stop the server first: PGlite allows one process per data folder.`);
  }
  try {
    if (command === 'backup') {
      if (!existsSync(pgliteDir)) fail(`No database in ${dataDir}: nothing to back up`);
      const file = resolve(fileArgument ?? `gerbang-${stamp()}.tar.gz`);
      const db = await PGlite.create({ dataDir: pgliteDir });
      const dump = await db.dumpDataDir('gzip');
      await db.close();
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      console.log(`Backed up ${pgliteDir} to ${file} (${statSync(file).size} bytes)`);
      console.log(`Keep ${join(dataDir, 'secrets.json')} apart from it: a restore needs its encryption key.`);
    } else {
      const file = resolve(fileArgument as string);
      if (!existsSync(file)) fail(`No such file: ${file}`);
      if (existsSync(pgliteDir)) fail(`${dataDir} already holds a database; restore into an empty DATA_DIR`);
      const db = await PGlite.create({ dataDir: pgliteDir, loadDataDir: new Blob([readFileSync(file)]) });
      await db.exec('CHECKPOINT');
      await db.close();
      console.log(`Restored ${file} into ${pgliteDir}`);
      if (!existsSync(join(dataDir, 'secrets.json'))) {
        console.log(`Put the original secrets.json (or JWT_SECRET and ENCRYPTION_KEY) beside it before starting.`);
      }
    }
  } finally {
    release();
  }
}

void main();
