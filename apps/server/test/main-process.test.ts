import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/free-port';

// The built server, as `npm start` runs it (built by the global setup from the sources under test).
const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'gerbang-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(port: number): Run {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      METRICS_PORT: '0',
      DATA_DIR: dataDir,
      PORT: String(port),
      SERVE_CONSOLES: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(run: Run, pattern: RegExp, timeoutMs = 60_000): Promise<RegExpMatchArray> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const match = run.output().match(pattern);
    if (match) return match;
    if (run.child.exitCode !== null) throw new Error(`server exited: ${run.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${pattern}: ${run.output()}`);
}

describe('the built server process on the embedded default', () => {
  it('prints a one-time activation link for the first Admin, is ready, serves metrics apart, locks its data folder, shuts down cleanly and keeps its data', async () => {
    const port = await freePort();
    const first = startServer(port);
    const [, link] = await waitFor(first, /Activate the first Admin \(admin@gerbang\.local\), valid 24 hours: (\S+)/);
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/activate\?token=[\w-]{20,}$/);

    const res = await fetch(`http://127.0.0.1:${port}/auth/current-user`);
    expect(res.status).toBe(401);
    expect(await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()).toMatchObject({ status: 'ready' });
    // Metrics on their own loopback port, never on the API's.
    const [, metricsUrl] = await waitFor(first, /metrics: (http:\/\/127\.0\.0\.1:\d+\/metrics)/);
    expect(await (await fetch(metricsUrl as string)).text()).toMatch(
      /gerbang_http_request_duration_seconds_count\{method="GET",route="\/readyz",status_code="200"\} 1/,
    );
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);

    const second = startServer(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another Gerbang process/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'gerbang.lock'))).toBe(false);

    // Restart on the same data (it survived the checkpoint): the Admin still has not activated,
    // so a fresh link is printed.
    const again = startServer(port);
    const [, fresh] = await waitFor(again, /Activate the first Admin \(admin@gerbang\.local\), valid 24 hours: (\S+)/);
    expect(fresh).not.toBe(link);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);
});
