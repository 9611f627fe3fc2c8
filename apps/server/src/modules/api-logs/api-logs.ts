import { isIP } from 'node:net';
import { IDEMPOTENCY_KEY_HEADER } from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { type ApiLogRecorder, createApiLogRecorder } from './api-log-recorder';
import { API_LOG_BODY_MAX_CHARS, type KeptBody, keepBody } from './api-log-redaction';
import { createApiLogsRepository } from './api-logs.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** A `/v1` answer's body as it was sent, for the request log. */
    apiLogAnswer: KeptBody;
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
  app.decorateRequest('apiLogAnswer', null);
  // The answer as it was sent (the response schema has already left out what is not the client's).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.apiCaller) request.apiLogAnswer = keepBody(typeof payload === 'string' ? payload : undefined);
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const caller = request.apiCaller;
    if (!caller) return;
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    const declared = Number(request.headers['content-length'] ?? 0);
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
      // Behind a proxy the address comes from a header: only a real one is stored.
      ip: isIP(request.ip) ? request.ip : null,
      requestBody:
        declared > API_LOG_BODY_MAX_CHARS
          ? { tooLarge: declared }
          : keepBody(request.body === undefined ? undefined : JSON.stringify(request.body)),
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
  // 0 keeps none: what was written before the log was turned off goes too.
  const days = ctx.config.API_LOG_RETENTION_DAYS;
  const repo = createApiLogsRepository(ctx.db);
  ctx.scheduler.every('api-logs.prune', PRUNE_EVERY_MS, async () => {
    while ((await repo.prune(days, PRUNE_BATCH)) === PRUNE_BATCH);
  });
}
