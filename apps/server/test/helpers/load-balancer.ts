import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';

const OPERATIONS_DOC = fileURLToPath(new URL('../../../../docs/operations.md', import.meta.url));

export const hasHaproxy = () => spawnSync('haproxy', ['-v']).status === 0;

/** The HAProxy configuration docs/operations.md gives (its `haproxy` block): what the tests run. */
export function documentedHaproxyConfig(): string {
  const block = /```haproxy\n([\s\S]*?)```/.exec(readFileSync(OPERATIONS_DOC, 'utf8'));
  if (!block?.[1]) throw new Error('docs/operations.md has no ```haproxy block');
  return block[1];
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Debian's haproxy in the foreground, with the documented configuration, in front of two
 * instances (`host:port` each) on a free loopback port. Stopped with `stop()`.
 */
export async function startLoadBalancer(instances: [string, string]) {
  const port = await freePort();
  const folder = mkdtempSync(join(tmpdir(), 'gerbang-haproxy-'));
  const file = join(folder, 'haproxy.cfg');
  writeFileSync(file, documentedHaproxyConfig());
  let output = '';
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', file], {
    env: {
      ...process.env,
      GERBANG_LISTEN: `127.0.0.1:${port}`,
      GERBANG_INSTANCE_A: instances[0],
      GERBANG_INSTANCE_B: instances[1],
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output = `${output}${chunk}`.slice(-10_000);
  });
  child.stderr?.on('data', (chunk) => {
    output = `${output}${chunk}`.slice(-10_000);
  });
  const started = Date.now();
  while (!(await accepts(port))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`haproxy exited (${child.exitCode ?? child.signalCode}): ${output}`);
    }
    if (Date.now() - started > 10_000) throw new Error(`haproxy did not listen within 10 s: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop(): Promise<void> {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
export type LoadBalancer = Awaited<ReturnType<typeof startLoadBalancer>>;
