// Starts a throwaway PostgreSQL server on a loopback port for the test suite (and benchmarks).
// PostgreSQL refuses to run as root, so as root it runs as the `postgres` OS user.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function findBinDir() {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) throw new Error('PostgreSQL server binaries not found: install the postgresql package');
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return join(root, versions[0], 'bin');
}

export function startPostgres({ port = 55432 } = {}) {
  const bin = findBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'gerbang-pg-'));
  const isRoot = process.getuid?.() === 0;
  const run = (cmd, args) => {
    const [file, argv] = isRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]]
      : [join(bin, cmd), args];
    execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  if (isRoot) execFileSync('chown', ['postgres', dir]);
  run('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  run('pg_ctl', [
    '-D',
    dir,
    '-w',
    '-l',
    join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** The same server over its Unix socket (in its data directory). */
    socketUrl: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    stop() {
      try {
        run('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const pg = startPostgres({ port: Number(process.env.PG_PORT ?? 55432) });
  console.log(pg.url);
  process.on('SIGINT', () => {
    pg.stop();
    process.exit(0);
  });
  process.on('SIGTERM', () => {
    pg.stop();
    process.exit(0);
  });
  setInterval(() => {}, 1 << 30);
}
