import {
  activate,
  activateBodySchema,
  basisPointsToPercent,
  type CurrentUser,
  changePassword,
  changePasswordBodySchema,
  currentUser,
  currentUserResponseSchema,
  type Endpoint,
  emptyBodySchema,
  errorResponseSchema,
  forgotPassword,
  forgotPasswordBodySchema,
  formatAmount,
  logout,
  noContentSchema,
  passkeyRequestOptionsSchema,
  refreshToken,
  refreshTokenResponseSchema,
  resetPassword,
  resetPasswordBodySchema,
  signin,
  signinAnswerSchema,
  signinBodySchema,
  signinPasskeyOptions,
  signinPasskeyOptionsBodySchema,
  signinResponseSchema,
  signinSecondFactor,
  signinSecondFactorBodySchema,
  signinWithPasskey,
  signinWithPasskeyBodySchema,
} from '@gerbang/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { bearerToken, requireAuth } from '../../http/authenticate';
import { merchantBalances } from '../ledger/ledger';
import { createMerchantsRepository } from '../merchants/merchants.repository';
import { secondFactorOf } from '../second-factor/second-factor';
import { toUserResponse } from '../users/user-response';
import { createAuthRepository } from './auth.repository';
import { type ClientInfo, createAuthService } from './auth.service';
import { createLoginRateLimit } from './login-rate-limit';
import { createPasswordService } from './password.service';
import { createRefreshTokensRepository } from './refresh-tokens.repository';
import { createSessionEnder } from './session-ender';

/** Errors any JSON-body route can answer: bad JSON, wrong media type, too large, invalid fields, 5xx. */
const bodyErrors = {
  400: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  422: errorResponseSchema,
  500: errorResponseSchema,
} as const;
const tags = ['auth'];
const bearer = [{ bearer: [] }];
const USER_AGENT_MAX_LENGTH = 512;

const refreshHeadersSchema = z.object({
  authorization: z.string().optional().describe('`Bearer <refreshToken>`'),
});

/** Fastify's route address from a contract endpoint. */
const at = (endpoint: Endpoint) => ({ method: endpoint.method, url: endpoint.path });

function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null };
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = createAuthRepository(ctx.db);
  const merchants = createMerchantsRepository(ctx.db);
  const sessions = createSessionEnder({ repo, sessionState: ctx.sessionState, events: ctx.events });
  const secondFactor = secondFactorOf(ctx);
  const auth = createAuthService({
    repo,
    refreshTokens: createRefreshTokensRepository(ctx.db),
    rateLimit: createLoginRateLimit({ audit: ctx.audit, config: ctx.config }),
    sessions,
    audit: ctx.audit,
    accessTokens: ctx.accessTokens,
    secondFactor,
    isSecondFactorRequired: (user) => ctx.secondFactor.isRequired(user),
    config: ctx.config,
  });
  const passwords = createPasswordService({
    repo,
    accountLinks: ctx.accountLinks,
    sessions,
    audit: ctx.audit,
    logger: ctx.logger,
  });
  app.addHook('onClose', () => passwords.drain());

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(signin),
    schema: {
      tags,
      summary:
        'Sign in with email and password: tokens, or for a user with a second factor a challenge for POST /auth/signin/second-factor',
      body: signinBodySchema,
      response: {
        200: signinAnswerSchema,
        ...bodyErrors,
        401: errorResponseSchema,
        403: errorResponseSchema,
        429: errorResponseSchema,
      },
    },
    handler: (request) => auth.signin({ ...request.body, ...clientInfo(request) }),
  });

  r.route({
    ...at(signinSecondFactor),
    schema: {
      tags,
      summary: "Sign-in's second step: the challenge and a code from the authenticator, or a recovery code (used once)",
      body: signinSecondFactorBodySchema,
      response: { 200: signinResponseSchema, ...bodyErrors, 403: errorResponseSchema, 429: errorResponseSchema },
    },
    handler: (request) =>
      auth.signinSecondStep({
        challengeToken: request.body.challengeToken,
        proof: { code: request.body.code },
        ...clientInfo(request),
      }),
  });

  r.route({
    ...at(signinPasskeyOptions),
    schema: {
      tags,
      summary: "Options for navigator.credentials.get() in sign-in's second step, bound to the challenge",
      body: signinPasskeyOptionsBodySchema,
      response: { 200: passkeyRequestOptionsSchema, ...bodyErrors, 409: errorResponseSchema },
    },
    handler: (request) => secondFactor.challengePasskeyOptions(request.body.challengeToken),
  });

  r.route({
    ...at(signinWithPasskey),
    schema: {
      tags,
      summary: "Sign-in's second step with a passkey: the challenge and the browser's signed assertion",
      body: signinWithPasskeyBodySchema,
      response: { 200: signinResponseSchema, ...bodyErrors, 403: errorResponseSchema, 429: errorResponseSchema },
    },
    handler: (request) =>
      auth.signinSecondStep({
        challengeToken: request.body.challengeToken,
        proof: { passkey: request.body.response },
        ...clientInfo(request),
      }),
  });

  // The session cache hands out one user object until that user changes: its answer is made once.
  const ownResponses = new WeakMap<object, CurrentUser>();
  const ownUserResponse = (user: Parameters<typeof toUserResponse>[0], secondFactorRequired: boolean) => {
    let response = ownResponses.get(user);
    if (response?.secondFactorRequired !== secondFactorRequired) {
      response = { ...toUserResponse(user, true), secondFactorRequired };
      ownResponses.set(user, response);
    }
    return response;
  };

  r.route({
    ...at(currentUser),
    schema: {
      tags,
      summary: 'The signed-in user',
      security: bearer,
      response: { 200: currentUserResponseSchema, 401: errorResponseSchema, 500: errorResponseSchema },
    },
    config: { allowedBeforeSecondFactor: true },
    preHandler: ctx.auth.authenticate,
    // Hot path: built from the cached session user, no database round trip, except for Merchant
    // users, who also get their merchant's name and balances (read from the ledger).
    handler: async (request) => {
      const { user } = requireAuth(request);
      const response = ownUserResponse(user, await ctx.secondFactor.isRequired(user));
      if (!user.merchantId) return response;
      const merchant = await merchants.findById(user.merchantId);
      if (!merchant) return response;
      const balances = await merchantBalances(ctx.db, merchant.id, merchant.currency);
      return {
        ...response,
        merchantName: merchant.name,
        merchantBalance: {
          currency: merchant.currency,
          available: formatAmount(balances.availableMinor, merchant.currency),
          pending: formatAmount(balances.pendingMinor, merchant.currency),
        },
        merchantWithdrawalFee: {
          percent: basisPointsToPercent(merchant.withdrawalFeeBasisPoints),
          fixed: formatAmount(merchant.withdrawalFeeFixedMinor, merchant.currency),
        },
      };
    },
  });

  r.route({
    ...at(activate),
    schema: {
      tags,
      summary: 'Set the first password from an activation link',
      body: activateBodySchema,
      response: { 204: noContentSchema, ...bodyErrors },
    },
    handler: async (request, reply) => {
      await passwords.activate({ ...request.body, ip: request.ip });
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...at(forgotPassword),
    schema: {
      tags,
      summary: 'Mail a password-reset link (always 202, whether the email exists or not)',
      body: forgotPasswordBodySchema,
      response: { 202: noContentSchema, ...bodyErrors },
    },
    handler: async (request, reply) => {
      await passwords.forgotPassword({ email: request.body.email, ip: request.ip });
      // No body at all (not `null`): the typed reply would serialize the schema's null.
      return (reply as FastifyReply).code(202).send();
    },
  });

  r.route({
    ...at(resetPassword),
    schema: {
      tags,
      summary: 'Set a new password from a reset link; ends every session of the user',
      body: resetPasswordBodySchema,
      response: { 204: noContentSchema, ...bodyErrors },
    },
    handler: async (request, reply) => {
      await passwords.resetPassword({ ...request.body, ip: request.ip });
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...at(changePassword),
    schema: {
      tags,
      summary: "Change the signed-in user's password; ends their other sessions",
      security: bearer,
      body: changePasswordBodySchema,
      response: { 204: noContentSchema, ...bodyErrors, 401: errorResponseSchema },
    },
    preHandler: ctx.auth.authenticate,
    handler: async (request, reply) => {
      const { userId, sessionId } = requireAuth(request);
      await passwords.changePassword({ ...request.body, userId, sessionId, ip: request.ip });
      return reply.code(204).send(null);
    },
  });

  // Refresh and logout take no body; clients may still send `Content-Type: application/json`
  // with nothing after it, which these two routes accept (their own parser scope).
  await app.register(async (scope) => {
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body === '') return done(null, undefined);
      return parseJson(request, body as string, done);
    });
    const s = scope.withTypeProvider<ZodTypeProvider>();

    s.route({
      ...at(refreshToken),
      schema: {
        tags,
        summary: 'Exchange a refresh token (as `Authorization: Bearer`) for a new token pair',
        headers: refreshHeadersSchema,
        body: emptyBodySchema.nullish(),
        response: { 200: refreshTokenResponseSchema, ...bodyErrors, 401: errorResponseSchema },
      },
      handler: (request) => auth.refresh(bearerToken(request.headers.authorization), clientInfo(request)),
    });

    s.route({
      ...at(logout),
      schema: {
        tags,
        summary: 'End the current session (its refresh family and realtime connection)',
        security: bearer,
        body: emptyBodySchema.nullish(),
        response: { 204: noContentSchema, ...bodyErrors, 401: errorResponseSchema },
      },
      config: { allowedBeforeSecondFactor: true },
      preHandler: ctx.auth.authenticate,
      handler: async (request, reply) => {
        const { userId, sessionId } = requireAuth(request);
        await auth.logout({ userId, sessionId }, clientInfo(request));
        return reply.code(204).send(null);
      },
    });
  });
}
