import {
  codeBodySchema,
  confirmTotpEnrolment,
  type Endpoint,
  emptyBodySchema,
  idParamsSchema,
  noContentSchema,
  recoveryCodesSchema,
  regenerateRecoveryCodes,
  removeSecondFactor,
  resetUserSecondFactor,
  secondFactorPolicy,
  secondFactorPolicySchema,
  startTotpEnrolment,
  stepUp,
  stepUpResponseSchema,
  totpEnrolmentSchema,
  updateSecondFactorPolicy,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { requestActor } from '../../http/authenticate';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { passkeyRoutes } from './passkeys.routes';
import { secondFactorOf } from './second-factor';
import { actorOf, beforeSecondFactor } from './second-factor-actor';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429);
const tags = ['second factor'];
const security = BEARER_SECURITY;
const at = (endpoint: Endpoint) => ({ method: endpoint.method, url: endpoint.path });

/** TOTP enrolment, recovery codes, step-up, an Admin's reset of a user's factor, the policy, and passkeys. */
export async function secondFactorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = secondFactorOf(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  await passkeyRoutes(app, ctx);

  r.route({
    ...at(startTotpEnrolment),
    config: beforeSecondFactor,
    schema: {
      tags,
      security,
      summary: 'Start setting up an authenticator app: a new secret and its QR code (replaces an unconfirmed one)',
      body: emptyBodySchema.nullish(),
      response: { 200: totpEnrolmentSchema, ...errors },
    },
    // A user who has a passkey already proves it before adding the app (one without a factor is not asked).
    preHandler: [ctx.auth.authenticate, ctx.auth.stepUp],
    handler: (request) => service.startTotpEnrolment(actorOf(request)),
  });

  r.route({
    ...at(confirmTotpEnrolment),
    config: beforeSecondFactor,
    schema: {
      tags,
      security,
      summary: 'Finish the set-up with a first code; answers the ten recovery codes, shown this once',
      body: codeBodySchema,
      response: { 200: recoveryCodesSchema, ...errors },
    },
    preHandler: ctx.auth.authenticate,
    handler: (request) => service.confirmTotpEnrolment(actorOf(request), request.body.code),
  });

  r.route({
    ...at(stepUp),
    schema: {
      tags,
      security,
      summary: 'Prove the second factor again: money actions accept this session for 5 minutes',
      body: codeBodySchema,
      response: { 200: stepUpResponseSchema, ...errors },
    },
    preHandler: ctx.auth.authenticate,
    handler: (request) => service.stepUp(actorOf(request), { code: request.body.code }),
  });

  r.route({
    ...at(regenerateRecoveryCodes),
    schema: {
      tags,
      security,
      summary: 'Ten new recovery codes; the old ones stop working (needs a fresh step-up)',
      body: emptyBodySchema.nullish(),
      response: { 200: recoveryCodesSchema, ...errors },
    },
    preHandler: [ctx.auth.authenticate, ctx.auth.stepUp],
    handler: (request) => service.regenerateRecoveryCodes(actorOf(request)),
  });

  r.route({
    ...at(removeSecondFactor),
    schema: {
      tags,
      security,
      summary:
        "Remove all of one's own factors, app and passkeys (409 while one's role requires one; needs a fresh step-up)",
      response: { 204: noContentSchema, ...errors },
    },
    preHandler: [ctx.auth.authenticate, ctx.auth.stepUp],
    handler: async (request, reply) => {
      await service.removeOwn(actorOf(request));
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...at(resetUserSecondFactor),
    schema: {
      tags,
      security,
      summary: "An Admin clears another user's second factor (a lost phone); audited",
      params: idParamsSchema,
      body: emptyBodySchema.nullish(),
      response: { 204: noContentSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('security', 'update', { stepUp: true }),
    handler: async (request, reply) => {
      await service.resetForUser(requestActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...at(secondFactorPolicy),
    schema: {
      tags,
      security,
      summary: 'Which roles must sign in with a second factor',
      response: { 200: secondFactorPolicySchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('security', 'view'),
    handler: () => service.policy(),
  });

  r.route({
    ...at(updateSecondFactorPolicy),
    schema: {
      tags,
      security,
      summary: 'Set which roles must sign in with a second factor (roles not named keep their setting)',
      body: secondFactorPolicySchema,
      response: { 200: secondFactorPolicySchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('security', 'update', { stepUp: true }),
    handler: (request) => service.setPolicy(requestActor(request), request.body),
  });
}
