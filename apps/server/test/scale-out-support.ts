import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/database';
import { listen } from '../src/modules/realtime/realtime.test-support';
import { createMemoryMailer, createTestConfig } from './helpers/test-app';

export const hasRedisServer = () => spawnSync('redis-server', ['--version']).status === 0;

/** A throwaway redis-server on loopback, in the foreground so the test owns (and stops) its process. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server did not start')), 5000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => reject(new Error('redis-server exited')));
  });
  return child;
}

export async function stopRedis(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** Secrets shared by every instance (a token signed by one is valid on the other). */
export function sharedEnv(redisPort: number): Record<string, string> {
  return {
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SCHEDULER_TICK_MS: '100',
    HEALTH_CHECK_SCHEDULE_MINUTES: '60',
  };
}

/** One server instance on the shared database, listening on a free loopback port. */
export async function startInstance(database: DatabaseHandle, env: Record<string, string>) {
  const app: FastifyInstance = await buildApp({
    config: createTestConfig(env),
    database,
    mailer: createMemoryMailer(),
  });
  await app.ready();
  return { app, url: await listen(app) };
}
