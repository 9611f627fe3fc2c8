import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError, parseConfig, resolveConfig } from './config';
import { buildConsoleServer, closeServers } from './consoles/console-server';
import { lockDataDir } from './db/data-dir-lock';
import { type DatabaseHandle, openDatabase } from './db/database';
import { metricsOf } from './modules/operations/metrics';
import { buildMetricsServer } from './modules/operations/metrics-server';
import { paymentSessionsOf } from './modules/payment-sessions/payment-sessions';
import { ensureFirstAdmin } from './modules/users/create-admin';
import { withdrawalsOf } from './modules/withdrawals/withdrawals';
import { WEB_DIST } from './paths';
import { loadOrCreateSecrets } from './secrets';

/** Process concerns only: config, database, listening, printing the URLs, graceful shutdown. */
async function main() {
  let config: Config;
  let releaseLock = () => {};
  let database: DatabaseHandle;
  try {
    const raw = parseConfig(process.env);
    if (raw.DATABASE_URL) {
      config = resolveConfig(raw, { JWT_SECRET: '', ENCRYPTION_KEY: '' });
      database = await openDatabase({ kind: 'postgres', url: raw.DATABASE_URL, poolSize: raw.DATABASE_POOL_SIZE });
    } else {
      const dataDir = resolve(raw.DATA_DIR);
      releaseLock = lockDataDir(dataDir);
      config = resolveConfig(raw, loadOrCreateSecrets(dataDir));
      database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    }
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : `Cannot start: ${(error as Error).message}`);
    process.exit(1);
  }

  await database.migrate();
  const app = await buildApp({ config, database });
  const servers: FastifyInstance[] = [app];
  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info(`${signal} received, shutting down`);
    await closeServers(servers);
    await database.close().catch((error) => app.log.error({ err: error }, 'database close failed'));
    releaseLock();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const apiUrl = `http://localhost:${config.PORT}`;
  const metricsServer = buildMetricsServer(metricsOf(app.ctx));
  const metricsUrl = await metricsServer.listen({ port: config.METRICS_PORT, host: config.METRICS_HOST });
  servers.push(metricsServer);

  if (config.SERVE_CONSOLES) {
    const variant = config.CONSOLE_VARIANT === 'bisnis' ? '-bisnis' : '';
    for (const [target, port] of [
      [`admin${variant}`, config.ADMIN_PORT],
      [`merchant${variant}`, config.MERCHANT_PORT],
    ] as const) {
      const server = await buildConsoleServer({
        root: join(WEB_DIST, target),
        apiOrigin: new URL(apiUrl).origin,
        api: app.server,
        embedFrameAncestors: config.EMBED_FRAME_ANCESTORS,
        embedOriginsOfLink: (link) =>
          link.kind === 'session'
            ? paymentSessionsOf(app.ctx).repo.embedOriginsOf(link.id)
            : withdrawalsOf(app.ctx).repo.embedOriginsOf(link.id),
        logger: false,
      });
      await server.listen({ port, host: config.HOST });
      servers.push(server);
    }
  }

  const firstAdminLink = await ensureFirstAdmin(app.ctx);
  console.log(`Gerbang API and realtime: ${apiUrl} (docs: ${apiUrl}/docs, socket.io path /ws)`);
  console.log(`Health: ${apiUrl}/healthz, ${apiUrl}/readyz; metrics: ${metricsUrl}/metrics`);
  if (config.SERVE_CONSOLES) {
    console.log(`Admin console:    ${config.ADMIN_CONSOLE_URL}`);
    console.log(`Merchant console: ${config.MERCHANT_CONSOLE_URL}`);
  }
  console.log(
    `Database: ${database.kind === 'pglite' ? `PGlite in ${resolve(config.DATA_DIR)}` : 'PostgreSQL (DATABASE_URL)'}`,
  );
  if (firstAdminLink)
    console.log(`Activate the first Admin (${config.ADMIN_EMAIL}), valid 24 hours: ${firstAdminLink}`);
}

void main();
