import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildConsoleServer, CONSOLE_API_PREFIX } from '@gerbang/server/src/consoles/console-server';
import { apiForwarder } from '@gerbang/server/test/helpers/api-forwarder';

export type ServedConsole = {
  url: string;
  /** Every path of the console's route table (`/device/:id`), as its build lists them. */
  routePaths: string[];
  close(): Promise<void>;
};

/**
 * A console (admin or merchant) as `npm start` ships it (production build, precompressed, the
 * console server's headers, this run's API under its `/api`), served on `port` of loopback.
 */
export async function serveConsole(kind: 'admin' | 'merchant', apiUrl: string, port: number): Promise<ServedConsole> {
  const outDir = mkdtempSync(join(tmpdir(), `gerbang-bench-${kind}-console-`));
  try {
    const { buildConsole } = await import('../../../apps/web/scripts/build-console.mjs');
    process.env.VITE_BACKEND_URL = CONSOLE_API_PREFIX;
    await buildConsole(kind, { outDir });
    const server = await buildConsoleServer({
      root: outDir,
      apiOrigin: new URL(apiUrl).origin,
      api: apiForwarder(Number(new URL(apiUrl).port)),
      embedFrameAncestors: "'self'",
      logger: false,
    });
    await server.listen({ port, host: '127.0.0.1' });
    const preloads = JSON.parse(readFileSync(join(outDir, '.vite/route-preloads.json'), 'utf8')) as { path: string }[];
    return {
      url: `http://127.0.0.1:${port}`,
      routePaths: preloads.map((route) => route.path),
      close: async () => {
        await server.close();
        rmSync(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
}
