import {
  CLAIM_PROOF_MAX_BYTES,
  customerClaimSchema,
  exportClaimsQuerySchema,
  exportPaymentClaims,
  fileClaimBodySchema,
  fileDepositClaim,
  getPaymentClaimProof,
  idParamsSchema,
  listClaimsQuerySchema,
  listDepositClaims,
  listPaymentClaims,
  noContentSchema,
  paymentClaimPageSchema,
  rejectClaimBodySchema,
  rejectPaymentClaim,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import { merchantScopeOf, requireAuth } from '../../http/authenticate';
import { sendCsvExport } from '../../http/csv-export';
import { createRateLimiter } from '../../http/rate-limit';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { createPaymentClaimsRepository } from './payment-claims.repository';
import { createPaymentClaimsService } from './payment-claims.service';
import { PROOF_EXTENSIONS } from './proof-image';

/** Attempts to file a claim one address may make in a minute, answered or refused, counted before the body is read. */
const FILING_ATTEMPTS_PER_MINUTE = 20;

/** Room for the proof's base64 (4/3 of its bytes) and the rest of the form. */
const FILE_BODY_LIMIT = Math.ceil((CLAIM_PROOF_MAX_BYTES * 4) / 3) + 16 * 1024;

/**
 * Customer claims: the deposit page files and reads them (public, keyed by the session id); the
 * exceptions desk lists them with their proof and rejects them (operators: transactions operate;
 * Merchant users read their own sessions' claims).
 */
export async function paymentClaimsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = createPaymentClaimsService({ db: ctx.db, repo: createPaymentClaimsRepository(ctx.db) });
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Every attempt counts, refused ones too, before its (up to 2.8 MB) body is read: an address
  // cannot make the server parse uploads it will refuse without end. Shared through Redis when set.
  const attempts = createRateLimiter({
    limit: FILING_ATTEMPTS_PER_MINUTE,
    windowMs: 60_000,
    redisUrl: ctx.config.REDIS_URL,
    prefix: 'gerbang:claim-attempts',
    logger: ctx.logger,
  });
  app.addHook('onClose', async () => attempts.close());

  api.route({
    method: fileDepositClaim.method,
    url: fileDepositClaim.path,
    bodyLimit: FILE_BODY_LIMIT,
    onRequest: async (request) => {
      const decision = await attempts.take(request.ip);
      if (!decision.allowed) {
        throw new AppError(
          'RATE_LIMITED',
          `Too many claims from this network; try again in ${decision.retryAfterSeconds} s`,
          {
            headers: { 'retry-after': String(decision.retryAfterSeconds) },
          },
        );
      }
    },
    schema: {
      tags: ['customer-pages'],
      summary:
        "'I paid but it is not confirmed': sender name, time, amount and an optional proof image (base64 of a JPEG, PNG or WebP of at most 2 MB), while the session is processing or timed out; one open claim per session, three per session, ten per address an hour (429)",
      params: idParamsSchema,
      body: fileClaimBodySchema,
      response: { 201: z.array(customerClaimSchema), ...errorResponses(404, 409, 413, 422, 429) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.file(request.params.id, request.body, request.ip)),
  });

  api.route({
    method: listDepositClaims.method,
    url: listDepositClaims.path,
    schema: {
      tags: ['customer-pages'],
      summary: "The session's claims as its customer sees them, newest first",
      params: idParamsSchema,
      response: { 200: z.array(customerClaimSchema), ...errorResponses(404, 422) },
    },
    handler: (request) => service.forCustomer(request.params.id),
  });

  api.route({
    method: listPaymentClaims.method,
    url: listPaymentClaims.path,
    schema: {
      tags: ['payment-sessions'],
      security: BEARER_SECURITY,
      summary: "Customers' claims, newest first (a Merchant user: its own sessions')",
      querystring: listClaimsQuerySchema,
      response: { 200: paymentClaimPageSchema, ...errorResponses(401, 403, 422) },
    },
    preHandler: ctx.auth.requirePermission('transactions', 'view'),
    handler: (request) => service.list(request.query, merchantScopeOf(request) ?? null),
  });

  api.route({
    method: exportPaymentClaims.method,
    url: exportPaymentClaims.path,
    schema: {
      tags: ['payment-sessions'],
      security: BEARER_SECURITY,
      summary:
        "The filtered claims as CSV (text/csv, every matching row, newest first; a Merchant user's own), streamed",
      querystring: exportClaimsQuerySchema,
      response: { 200: z.any().describe('CSV (text/csv), one line per claim'), ...errorResponses(401, 403, 422) },
    },
    preHandler: ctx.auth.requirePermission('transactions', 'view'),
    handler: async (request, reply) => {
      const filter = { status: request.query.status, merchantId: merchantScopeOf(request) ?? null };
      return sendCsvExport(reply, 'customer-claims', service.csv(filter));
    },
  });

  api.route({
    method: getPaymentClaimProof.method,
    url: getPaymentClaimProof.path,
    schema: {
      tags: ['payment-sessions'],
      security: BEARER_SECURITY,
      summary: "A claim's proof image, as an inert image (its type from its bytes; never a document)",
      params: idParamsSchema,
      response: {
        200: z.any().describe('The image (image/jpeg, image/png or image/webp)'),
        ...errorResponses(401, 403, 404, 422),
      },
    },
    preHandler: ctx.auth.requirePermission('transactions', 'view'),
    handler: async (request, reply) => {
      const proof = await service.proof(request.params.id, merchantScopeOf(request) ?? null);
      return reply
        .header('content-type', proof.type)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', `inline; filename="claim-proof.${PROOF_EXTENSIONS[proof.type]}"`)
        .header('cache-control', 'private, no-store')
        .send(proof.bytes);
    },
  });

  api.route({
    method: rejectPaymentClaim.method,
    url: rejectPaymentClaim.path,
    schema: {
      tags: ['payment-sessions'],
      security: BEARER_SECURITY,
      summary: 'Rejects an open claim with a message its customer reads on the deposit page (audited)',
      params: idParamsSchema,
      body: rejectClaimBodySchema,
      response: { 204: noContentSchema, ...errorResponses(401, 403, 404, 409, 422) },
    },
    preHandler: ctx.auth.requirePermission('transactions', 'operate'),
    handler: async (request, reply) => {
      await service.reject(
        { userId: requireAuth(request).userId, ip: request.ip },
        request.params.id,
        request.body.message,
      );
      return reply.status(204).send(null);
    },
  });
}
