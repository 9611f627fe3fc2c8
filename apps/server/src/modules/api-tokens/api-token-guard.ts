import type { ApiTokenScope } from '@gerbang/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import { bearerToken } from '../../http/authenticate';
import { createRateLimiter, type RateLimiter } from '../../http/rate-limit';
import { createApiTokensRepository } from './api-tokens.repository';
import { type ApiCaller, createApiTokensService } from './api-tokens.service';

declare module 'fastify' {
  interface FastifyRequest {
    apiCaller: ApiCaller | null;
  }
}

/** The security requirement the merchant API's routes declare in the OpenAPI document. */
export const API_TOKEN_SECURITY = [{ apiToken: [] }];

/**
 * onRequest hooks of the merchant API (before validation, so an unauthenticated caller learns nothing of a route's shape) (`/v1`): a merchant's API token with the route's scope. The
 * caller's merchant scopes every query; nothing a client sends can name another merchant.
 */
export function createApiTokenGuard(ctx: AppContext) {
  const service = createApiTokensService({
    repo: createApiTokensRepository(ctx.db),
    audit: ctx.audit,
    allowlistRequiredByOperator: ctx.config.API_TOKEN_ALLOWLIST_REQUIRED,
  });
  const limits = apiRateLimitsOf(ctx);
  return (scope: ApiTokenScope): onRequestAsyncHookHandler =>
    async (request, reply) => {
      const caller = await service.authenticate(bearerToken(request.headers.authorization), scope, request.ip);
      // Named before the rate is checked: a request refused for it is the caller's, in its request log.
      request.apiCaller = caller;
      const decision = await limits.take(caller.tokenId);
      reply.header('x-ratelimit-limit', String(ctx.config.API_RATE_LIMIT_PER_MINUTE));
      reply.header('x-ratelimit-remaining', String(decision.remaining));
      if (!decision.allowed) {
        throw new AppError(
          'RATE_LIMITED',
          `This API token made more than ${ctx.config.API_RATE_LIMIT_PER_MINUTE} requests this minute; retry after ${decision.retryAfterSeconds} s`,
          { headers: { 'retry-after': String(decision.retryAfterSeconds) } },
        );
      }
    };
}

// One set of counters per app (every /v1 route group shares it), keyed by the app's context.
const limiters = new WeakMap<AppContext, RateLimiter>();

/** The merchant API's per-token limits: API_RATE_LIMIT_PER_MINUTE, shared through Redis when REDIS_URL is set. */
export function apiRateLimitsOf(ctx: AppContext): RateLimiter {
  let limiter = limiters.get(ctx);
  if (!limiter) {
    limiter = createRateLimiter({
      limit: ctx.config.API_RATE_LIMIT_PER_MINUTE,
      windowMs: 60_000,
      redisUrl: ctx.config.REDIS_URL,
      prefix: 'gerbang:api-rate',
      logger: ctx.logger,
    });
    limiters.set(ctx, limiter);
  }
  return limiter;
}

/** For handlers behind the guard. */
export function requireApiCaller(request: FastifyRequest): ApiCaller {
  if (!request.apiCaller) throw new Error('route is missing its API token guard');
  return request.apiCaller;
}
