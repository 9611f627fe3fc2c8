import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';

export type ServerProcess = { child: ChildProcess; activationLink: string; logFile: string };

const ACTIVATION_LINE = /Activate the first Admin \(([^)]+)\), valid 24 hours: (\S+)/;

/** Settings the developer's shell may carry that would point the e2e server somewhere else. */
const INHERITED_SETTINGS_TO_DROP = [
  'DATABASE_URL',
  'REDIS_URL',
  'JWT_SECRET',
  'ENCRYPTION_KEY',
  'CORS_ORIGINS',
  'TRUST_PROXY',
  'NODE_OPTIONS',
];

/**
 * Builds the server and starts the built output (`node apps/server/dist/main.js`, what `npm start`
 * runs) on the embedded default; resolves once it has printed the first Admin's activation link,
 * which it does after listening.
 */
export async function startServer(options: {
  repoRoot: string;
  workDir: string;
  env: Record<string, string>;
  timeoutMs: number;
}): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of INHERITED_SETTINGS_TO_DROP) delete env[key];
  const logFile = join(options.workDir, 'server.log');
  const log = createWriteStream(logFile);
  const built = spawnSync(process.execPath, ['apps/server/scripts/build.mjs'], {
    cwd: options.repoRoot,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`The server did not build:\n${built.stderr}`);
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: options.repoRoot,
    // The metrics port: any free one, so nothing else on the machine is in the way.
    env: { ...env, METRICS_PORT: '0', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  let output = '';
  const activationLink = await new Promise<string>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${why}\n--- server output (also in ${logFile}) ---\n${output.slice(-4000)}`));
    };
    const timer = setTimeout(
      () => fail(`The server printed no activation link within ${options.timeoutMs} ms.`),
      options.timeoutMs,
    );
    const onChunk = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = ACTIVATION_LINE.exec(output);
      if (match?.[2]) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve(match[2]);
      }
    };
    const onExit = (code: number | null) => fail(`The server exited early (code ${code}).`);
    child.stdout?.on('data', onChunk);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('exit', onExit);
  });
  return { child, activationLink, logFile };
}

/** SIGTERM (the server checkpoints and closes PGlite), then SIGKILL if it lingers. */
export async function stopProcess(pid: number, graceMs = 10_000): Promise<void> {
  const isAlive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!isAlive()) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (isAlive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isAlive()) process.kill(pid, 'SIGKILL');
}
