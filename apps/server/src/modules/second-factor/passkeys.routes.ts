import {
  type Endpoint,
  emptyBodySchema,
  idParamsSchema,
  noContentSchema,
  ownSecondFactors,
  ownSecondFactorsSchema,
  passkeyAssertionBodySchema,
  passkeyCreationOptionsSchema,
  passkeyRegistrationOptions,
  passkeyRequestOptionsSchema,
  registeredPasskeySchema,
  registerPasskey,
  registerPasskeyBodySchema,
  removePasskey,
  stepUpPasskeyOptions,
  stepUpResponseSchema,
  stepUpWithPasskey,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { passkeysOf, secondFactorOf } from './second-factor';
import { actorOf, beforeSecondFactor } from './second-factor-actor';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429);
const tags = ['second factor'];
const security = BEARER_SECURITY;
const at = (endpoint: Endpoint) => ({ method: endpoint.method, url: endpoint.path });

/** The signed-in user's factors, passkey registration and removal, and step-up with a passkey. */
export async function passkeyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const secondFactor = secondFactorOf(ctx);
  const passkeys = passkeysOf(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(ownSecondFactors),
    config: beforeSecondFactor,
    schema: {
      tags,
      security,
      summary: "The signed-in user's factors: whether the authenticator app is set up, its passkeys, codes left",
      response: { 200: ownSecondFactorsSchema, ...errors },
    },
    preHandler: ctx.auth.authenticate,
    handler: (request) => secondFactor.ownFactors(actorOf(request).userId),
  });

  r.route({
    ...at(passkeyRegistrationOptions),
    config: beforeSecondFactor,
    schema: {
      tags,
      security,
      summary:
        'Options for navigator.credentials.create(): a challenge for this session (a user with a factor steps up first)',
      body: emptyBodySchema.nullish(),
      response: { 200: passkeyCreationOptionsSchema, ...errors },
    },
    // The challenge is bound to this session, so the registration it allows needs no step-up of its own.
    preHandler: [ctx.auth.authenticate, ctx.auth.stepUp],
    handler: (request) => passkeys.registrationOptions(actorOf(request)),
  });

  r.route({
    ...at(registerPasskey),
    config: beforeSecondFactor,
    schema: {
      tags,
      security,
      summary: "Register the browser's new passkey under a name; a first factor answers the ten recovery codes",
      body: registerPasskeyBodySchema,
      response: { 200: registeredPasskeySchema, ...errors },
    },
    preHandler: ctx.auth.authenticate,
    handler: (request) => passkeys.register(actorOf(request), request.body),
  });

  r.route({
    ...at(removePasskey),
    schema: {
      tags,
      security,
      summary: 'Remove one of your passkeys (needs a fresh step-up; your last factor only while your role allows)',
      params: idParamsSchema,
      response: { 204: noContentSchema, ...errors },
    },
    preHandler: [ctx.auth.authenticate, ctx.auth.stepUp],
    handler: async (request, reply) => {
      await passkeys.remove(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...at(stepUpPasskeyOptions),
    schema: {
      tags,
      security,
      summary: 'Options for navigator.credentials.get() to step up with a passkey (a challenge for this session)',
      body: emptyBodySchema.nullish(),
      response: { 200: passkeyRequestOptionsSchema, ...errors },
    },
    preHandler: ctx.auth.authenticate,
    handler: (request) => secondFactor.stepUpPasskeyOptions(actorOf(request)),
  });

  r.route({
    ...at(stepUpWithPasskey),
    schema: {
      tags,
      security,
      summary: "Step up with a passkey's assertion: money actions accept this session for 5 minutes",
      body: passkeyAssertionBodySchema,
      response: { 200: stepUpResponseSchema, ...errors },
    },
    preHandler: ctx.auth.authenticate,
    handler: (request) => secondFactor.stepUp(actorOf(request), { passkey: request.body.response }),
  });
}
