import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildConsoleServer } from '@gerbang/server/src/consoles/console-server';

export type ServedConsole = {
  url: string;
  /** Every path of the console's route table (`/device/:id`), as its build lists them. */
  routePaths: string[];
  close(): Promise<void>;
};

/**
 * A console (admin or merchant) as `npm start` ships it (production build, precompressed, the
 * console server's headers), built against this run's API (the backend URL is fixed at build time)
 * and served on `port` of loopback.
 */
export async function serveConsole(kind: 'admin' | 'merchant', apiUrl: string, port: number): Promise<ServedConsole> {
  const outDir = mkdtempSync(join(tmpdir(), `gerbang-bench-${kind}-console-`));
  try {
    const { buildConsole } = await import('../../../apps/web/scripts/build-console.mjs');
    process.env.VITE_BACKEND_URL = apiUrl;
    await buildConsole(kind, { outDir });
    const server = await buildConsoleServer({
      root: outDir,
      apiOrigin: new URL(apiUrl).origin,
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
