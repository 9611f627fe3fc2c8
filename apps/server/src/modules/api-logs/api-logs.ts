import { IDEMPOTENCY_KEY_HEADER } from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { type ApiLogRecorder, createApiLogRecorder } from './api-log-recorder';
import { SerializedAnswer } from './api-log-redaction';
import { createApiLogsRepository } from './api-logs.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** A `/v1` answer's body before it was serialized, for the request log. */
    apiLogAnswer: unknown;
  }
}

const recorders = new WeakMap<AppContext, ApiLogRecorder>();

/** The app's request log recorder, built once. */
export function apiLogRecorderOf(ctx: AppContext): ApiLogRecorder {
  let recorder = recorders.get(ctx);
  if (!recorder) {
    recorder = createApiLogRecorder({ db: ctx.db, logger: ctx.logger });
    recorders.set(ctx, recorder);
  }
  return recorder;
}

const PRUNE_EVERY_MS = 60 * 60_000;
const PRUNE_BATCH = 10_000;

/**
 * Records every request an API token made (the token's guard names the caller, also of a request it
 * then refused for its rate) with its answer, unless API_LOG_RETENTION_DAYS is 0. Registered on the
 * app before its routes, so that every route has the hooks.
 */
export function registerApiLogRecording(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.config.API_LOG_RETENTION_DAYS === 0) return;
  const recorder = apiLogRecorderOf(ctx);
  app.decorateRequest('apiLogAnswer', undefined);
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.apiCaller) request.apiLogAnswer = payload;
    return payload;
  });
  // The error handler sends its answer as text, which no preSerialization hook sees.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.apiCaller && request.apiLogAnswer === undefined && typeof payload === 'string') {
      request.apiLogAnswer = new SerializedAnswer(payload);
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const caller = request.apiCaller;
    if (!caller) return;
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    recorder.record({
      merchantId: caller.merchantId,
      tokenId: caller.tokenId,
      method: request.method,
      route: request.routeOptions.url ?? null,
      url: request.url.length > 2000 ? request.url.slice(0, 2000) : request.url,
      status: reply.statusCode,
      durationMs: reply.elapsedTime,
      idempotencyKey: typeof key === 'string' ? key.slice(0, 255) : null,
      requestId: request.id,
      ip: request.ip,
      requestBody: request.body,
      responseBody: request.apiLogAnswer,
      at: new Date(),
    });
  });
  app.addHook('onClose', async () => {
    await recorder.flush();
  });
}

/** Entries older than API_LOG_RETENTION_DAYS go, by the hour, once across instances. */
export function registerApiLogPrune(ctx: AppContext): void {
  const days = ctx.config.API_LOG_RETENTION_DAYS;
  if (days === 0) return;
  const repo = createApiLogsRepository(ctx.db);
  ctx.scheduler.every('api-logs.prune', PRUNE_EVERY_MS, async () => {
    while ((await repo.prune(days, PRUNE_BATCH)) === PRUNE_BATCH);
  });
}
