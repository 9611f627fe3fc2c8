import {
  cancelWalletLogin,
  getWalletLogin,
  idParamsSchema,
  startWalletLogin,
  startWalletLoginBodySchema,
  submitWalletOtp,
  submitWalletOtpBodySchema,
  walletLoginFlowResponseSchema,
  walletLoginResponseSchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { requestActor } from '../../http/authenticate';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import type { Wallets } from './wallets';

const errors = errorResponses(401, 403, 404, 409, 422);
const tags = ['wallets'];
const security = BEARER_SECURITY;

export async function walletLoginRoutes(app: FastifyInstance, ctx: AppContext, wallets: Wallets) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const operate = ctx.auth.requirePermission('wallets', 'operate');

  api.route({
    method: getWalletLogin.method,
    url: getWalletLogin.path,
    schema: {
      tags,
      security,
      summary: 'The account’s latest login flow and its five steps',
      params: idParamsSchema,
      response: { 200: walletLoginResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('wallets', 'view'),
    handler: (request) => wallets.login.current(request.params.id),
  });

  api.route({
    method: startWalletLogin.method,
    url: startWalletLogin.path,
    schema: {
      tags,
      security,
      summary: 'Start the login from step 0, or resume a failed one from the step it failed at (or earlier)',
      params: idParamsSchema,
      body: startWalletLoginBodySchema,
      response: { 202: walletLoginFlowResponseSchema, ...errors },
    },
    preHandler: operate,
    handler: async (request, reply) =>
      reply
        .status(202)
        .send(await wallets.login.start(requestActor(request), request.params.id, request.body.fromStep)),
  });

  api.route({
    method: submitWalletOtp.method,
    url: submitWalletOtp.path,
    schema: {
      tags,
      security,
      summary: 'Step 4: the OTP the phone received, typed by the operator (sent to the phone, stored nowhere)',
      params: idParamsSchema,
      body: submitWalletOtpBodySchema,
      response: { 202: walletLoginFlowResponseSchema, ...errors },
    },
    preHandler: operate,
    handler: async (request, reply) =>
      reply.status(202).send(await wallets.login.submitOtp(requestActor(request), request.params.id, request.body.otp)),
  });

  api.route({
    method: cancelWalletLogin.method,
    url: cancelWalletLogin.path,
    schema: {
      tags,
      security,
      summary: 'Cancel the running login (it can be resumed later from where it stopped)',
      params: idParamsSchema,
      response: { 200: walletLoginFlowResponseSchema, ...errors },
    },
    preHandler: operate,
    handler: (request) => wallets.login.cancel(requestActor(request), request.params.id),
  });
}
