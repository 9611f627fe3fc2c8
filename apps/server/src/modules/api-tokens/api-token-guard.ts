import type { ApiTokenScope } from '@gerbang/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../../app-context';
import { bearerToken } from '../../http/authenticate';
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
  const service = createApiTokensService({ repo: createApiTokensRepository(ctx.db), audit: ctx.audit });
  return (scope: ApiTokenScope): onRequestAsyncHookHandler =>
    async (request) => {
      request.apiCaller = await service.authenticate(bearerToken(request.headers.authorization), scope);
    };
}

/** For handlers behind the guard. */
export function requireApiCaller(request: FastifyRequest): ApiCaller {
  if (!request.apiCaller) throw new Error('route is missing its API token guard');
  return request.apiCaller;
}
