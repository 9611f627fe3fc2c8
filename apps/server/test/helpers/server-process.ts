import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** Exited by itself or by a signal: a process killed with SIGKILL has no exit code, only a signal code. */
export const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** How long a SIGTERM gets before the process is killed outright. */
const STOP_GRACE_MS = 15_000;

/** The built server (built by the test run's global setup) as its own process, which a test may kill with SIGKILL and start again. */
export function serverProcess(env: Record<string, string>) {
  let child: ChildProcess | null = null;
  let output = '';
  const url = `http://127.0.0.1:${env.PORT}`;

  async function ready(timeoutMs = 60_000): Promise<void> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (child && hasExited(child)) {
        throw new Error(`the server exited (${child.exitCode ?? child.signalCode}): ${output.slice(-2000)}`);
      }
      const answer = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) }).catch(() => null);
      if (answer?.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the server was not ready within ${timeoutMs} ms: ${output.slice(-2000)}`);
  }

  return {
    url,
    output: () => output,
    async start(): Promise<void> {
      child = spawn(process.execPath, ['dist/main.js'], {
        cwd: SERVER_DIR,
        // The tests' webhook receivers listen on loopback.
        env: {
          ...process.env,
          NODE_ENV: 'production',
          SERVE_CONSOLES: 'false',
          METRICS_PORT: '0',
          WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk) => {
        output = `${output}${chunk}`.slice(-20_000);
      });
      child.stderr?.on('data', (chunk) => {
        output = `${output}${chunk}`.slice(-20_000);
      });
      await ready();
    },
    /** SIGKILL: no shutdown hook runs, whatever was in flight is cut. */
    async kill(): Promise<void> {
      const dying = child;
      // Killed before (a test that failed between a kill and its start): waiting for 'exit' again would wait forever.
      if (!dying || hasExited(dying)) return;
      const exited = new Promise((resolve) => dying.once('exit', resolve));
      dying.kill('SIGKILL');
      await exited;
    },
    async stop(): Promise<void> {
      const stopping = child;
      if (!stopping || hasExited(stopping)) return;
      const exited = new Promise((resolve) => stopping.once('exit', resolve));
      stopping.kill('SIGTERM');
      const outright = setTimeout(() => stopping.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(outright);
    },
  };
}
export type ServerProcess = ReturnType<typeof serverProcess>;
