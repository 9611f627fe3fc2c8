import { webhookEventSchema } from '@gerbang/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../../apps/server/src/modules/webhooks/webhook-signature';
import { eventually } from '../../../apps/server/test/helpers/eventually';
import {
  GerbangWebhookSignatureError,
  type PaymentSession,
  verifyWebhook,
  type WebhookSignatureFailure,
} from '../src/index';
import { type Delivery, nextReference, serverUnderTest } from './server-under-test';

/** The reason verifyWebhook refused with (it must refuse). */
function refusal(verify: () => unknown): WebhookSignatureFailure {
  try {
    verify();
  } catch (error) {
    if (error instanceof GerbangWebhookSignatureError) return error.reason;
    throw error;
  }
  throw new Error('verifyWebhook accepted it');
}

const signatureOf = (delivery: Delivery) => delivery.headers['gerbang-signature'] as string;
const timestampOf = (header: string) => Number(/t=(\d+)/.exec(header)?.[1]);

describe('verifyWebhook, on deliveries the real server signed and sent', () => {
  const server = serverUnderTest();
  let delivery: Delivery;
  let session: PaymentSession;
  let sessionId: string;

  beforeAll(async () => {
    session = await server.client().paymentSessions.create({ referenceNumber: nextReference(), amount: '75000' });
    sessionId = session.id;
    delivery = await eventually(async () => server.state.receiver.deliveries.find((d) => d.body.includes(sessionId)));
  });

  it('accepts a real delivery and returns its event: the session the API showed', () => {
    const event = verifyWebhook(delivery.body, signatureOf(delivery), server.state.webhookSecret);
    expect(webhookEventSchema.parse(event)).toEqual(event);
    expect(event).toMatchObject({ type: 'payment_session.created', data: session });
    expect(event.id).toBe(delivery.headers['gerbang-event-id']);
  });

  it('accepts the raw bytes as well as the string', () => {
    const bytes = new TextEncoder().encode(delivery.body);
    expect(verifyWebhook(bytes, signatureOf(delivery), server.state.webhookSecret).data).toMatchObject({
      id: sessionId,
    });
  });

  it('refuses a body changed by one character', () => {
    const tampered = delivery.body.replace('"amount":"75000"', '"amount":"75001"');
    expect(tampered).not.toBe(delivery.body);
    expect(refusal(() => verifyWebhook(tampered, signatureOf(delivery), server.state.webhookSecret))).toBe(
      'signature_mismatch',
    );
  });

  it('refuses the body re-serialized after parsing (whitespace counts: verify the raw body)', () => {
    const reserialized = JSON.stringify(JSON.parse(delivery.body), null, 2);
    expect(refusal(() => verifyWebhook(reserialized, signatureOf(delivery), server.state.webhookSecret))).toBe(
      'signature_mismatch',
    );
  });

  it('refuses under another secret', () => {
    expect(refusal(() => verifyWebhook(delivery.body, signatureOf(delivery), 'whsec_not_this_one'))).toBe(
      'signature_mismatch',
    );
  });

  it('refuses a delivery replayed past the tolerance, and one signed too long ago', () => {
    const header = signatureOf(delivery);
    const secret = server.state.webhookSecret;
    const later = { nowSeconds: timestampOf(header) + 301 };
    expect(refusal(() => verifyWebhook(delivery.body, header, secret, later))).toBe('timestamp_outside_tolerance');
    expect(verifyWebhook(delivery.body, header, secret, { ...later, toleranceSeconds: 600 }).id).toEqual(
      expect.any(String),
    );
    const old = signWebhook(secret, delivery.body, Math.floor(Date.now() / 1000) - 301);
    expect(refusal(() => verifyWebhook(delivery.body, old, secret))).toBe('timestamp_outside_tolerance');
  });

  it('refuses a missing or malformed header', () => {
    const secret = server.state.webhookSecret;
    const t = timestampOf(signatureOf(delivery));
    for (const header of [undefined, '', 'v1=abc', `t=${t}`, `t=${t},v1=not-hex`, `t=soon,v1=${'0'.repeat(64)}`]) {
      expect(refusal(() => verifyWebhook(delivery.body, header, secret))).toBe('malformed_header');
    }
  });

  it('accepts the header when any of several v1 signatures matches (as while a secret is rotated)', () => {
    const header = signatureOf(delivery);
    const [t, v1] = header.split(',');
    const rotated = `${t},v1=${'0'.repeat(64)},${v1}`;
    expect(verifyWebhook(delivery.body, rotated, server.state.webhookSecret).data).toMatchObject({ id: sessionId });
  });
});
