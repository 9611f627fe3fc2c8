import {
  apiWithdrawalSchema,
  createPaymentSessionBodySchema,
  createRefundBodySchema,
  createWithdrawalBodySchema,
  merchantBalanceSchema,
  paymentSessionSchema,
  refundSchema,
  simulatePaymentBodySchema,
} from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as examples from '../src/http/api-examples';
import { createTestApp, type TestApp } from './helpers/test-app';

type Media = { schema?: { examples?: unknown[] }; example?: unknown; examples?: Record<string, unknown> };
type Operation = {
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description: string; content?: Record<string, Media> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: Record<string, unknown> }> } } }>;
};

/** What a merchant's developer reads at /docs: every /v1 route with examples and its error codes, and the webhooks. */
describe('the OpenAPI document of the merchant API', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
  });
  afterAll(() => t.close());

  /** @fastify/swagger lifts a schema's examples onto its media type (`example`, or several `examples`). */
  const hasExample = (media: Media | undefined) =>
    media !== undefined &&
    (media.example !== undefined ||
      Object.keys(media.examples ?? {}).length > 0 ||
      (media.schema?.examples?.length ?? 0) > 0);

  const v1 = () =>
    Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([method]) => method !== 'head')
          .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, method, op })),
      );

  it('is OpenAPI 3.1, and gives every /v1 route an example answer, and every body an example', () => {
    expect(doc.openapi).toBe('3.1.0');
    const routes = v1();
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const route of routes) {
      const success = Object.entries(route.op.responses).find(([status]) => status.startsWith('2'));
      expect(hasExample(success?.[1].content?.['application/json']), route.name).toBe(true);
      if (route.op.requestBody && route.name !== 'POST /v1/withdrawals/{id}/cancel') {
        expect(hasExample(route.op.requestBody.content['application/json']), route.name).toBe(true);
      }
    }
  });

  it('names the error codes each refusal of a /v1 route may carry', () => {
    for (const route of v1()) {
      const refusals = Object.entries(route.op.responses).filter(([status]) => /^[45]/.test(status));
      expect(refusals.length, route.name).toBeGreaterThan(0);
      for (const [status, response] of refusals) {
        expect(response.description, `${route.name} ${status}`).toMatch(/error\.code one of: [A-Z_]+/);
      }
      expect(route.op.responses['401']?.description).toContain('API_TOKEN_REVOKED');
      expect(route.op.responses['429']?.description).toContain('RATE_LIMITED');
    }
    const refund = doc.paths['/v1/payment-sessions/{id}/refunds']?.post;
    expect(refund?.responses['422']?.description).toContain('REFUND_EXCEEDS_PAYMENT');
  });

  it('describes the bodies of every webhook event family', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual(
      ['deposit.manually_credited', 'payment_claim', 'payment_session', 'refund', 'withdrawal'].sort(),
    );
    const claim = doc.webhooks.payment_claim?.post.requestBody.content['application/json']?.schema as {
      properties: { type: { enum: string[] }; data: { properties: Record<string, unknown> } };
    };
    expect(claim.properties.type.enum).toContain('payment_claim.rejected');
    expect(Object.keys(claim.properties.data.properties)).toContain('paymentSessionId');
  });

  it('gives examples the contract itself accepts', () => {
    expect(() => createPaymentSessionBodySchema.parse(examples.createSessionExample)).not.toThrow();
    expect(() => paymentSessionSchema.parse(examples.sessionExample)).not.toThrow();
    expect(() => merchantBalanceSchema.parse(examples.balanceExample)).not.toThrow();
    expect(() => createRefundBodySchema.parse(examples.createRefundExample)).not.toThrow();
    expect(() => simulatePaymentBodySchema.parse(examples.simulatePaymentExample)).not.toThrow();
    expect(() => refundSchema.parse(examples.refundExample)).not.toThrow();
    expect(() => createWithdrawalBodySchema.parse(examples.createWithdrawalExample)).not.toThrow();
    expect(() => apiWithdrawalSchema.parse(examples.withdrawalExample)).not.toThrow();
  });
});
