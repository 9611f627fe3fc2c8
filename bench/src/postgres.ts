import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** `socketUrl`: the same server over its Unix socket (a throwaway server only). */
export type BenchPostgres = { url: string; socketUrl?: string; stop(): void };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** BENCH_POSTGRES_SOCKET=1: the API reaches the throwaway server over its Unix socket, not TCP. */
export const apiDatabaseUrl = (postgres: BenchPostgres) =>
  process.env.BENCH_POSTGRES_SOCKET === '1' && postgres.socketUrl ? postgres.socketUrl : postgres.url;

/**
 * BENCH_POSTGRES_URL (a database the benchmark may fill; it is seeded, not emptied), or else a
 * throwaway server from scripts/postgres-server.mjs (fsync off, like the test suite's).
 */
export async function startBenchPostgres(): Promise<BenchPostgres> {
  if (process.env.BENCH_POSTGRES_URL) return { url: process.env.BENCH_POSTGRES_URL, stop() {} };
  const script = fileURLToPath(new URL('../../scripts/postgres-server.mjs', import.meta.url));
  const { startPostgres } = (await import(script)) as {
    startPostgres(options: { port: number }): BenchPostgres;
  };
  return startPostgres({ port: await freePort() });
}
