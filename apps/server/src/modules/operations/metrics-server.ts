import Fastify, { type FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

/**
 * `GET /metrics` in Prometheus's text format, on its own port (METRICS_PORT, bound to METRICS_HOST,
 * 127.0.0.1 by default): the figures stay off the public API port.
 */
export function buildMetricsServer(metrics: Metrics): FastifyInstance {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) => {
    const { contentType, body } = await metrics.scrape();
    return reply.type(contentType).send(body);
  });
  return server;
}
