import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../apps/server/test/helpers/eventually';
import { type Delivery, nextReference, serverUnderTest } from './server-under-test';

/**
 * Gerbang signs webhooks the way Stripe does (`t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">`),
 * so a merchant may verify them with Stripe's own Node library: only the header's name differs
 * (read `Gerbang-Signature` where Stripe's docs read `Stripe-Signature`).
 */
describe("Stripe's Node library verifies Gerbang's webhook signatures", () => {
  const server = serverUnderTest();
  // No request to Stripe is made: constructEvent only computes and compares.
  const stripe = new Stripe('sk_test_not_a_real_key');
  let delivery: Delivery;
  let header: string;

  beforeAll(async () => {
    const session = await server.client().paymentSessions.create({ referenceNumber: nextReference(), amount: '64000' });
    delivery = await eventually(async () => server.state.receiver.deliveries.find((d) => d.body.includes(session.id)));
    header = delivery.headers['gerbang-signature'] as string;
  });

  it('stripe.webhooks.constructEvent accepts a real delivery and returns its event', () => {
    const event = stripe.webhooks.constructEvent(delivery.body, header, server.state.webhookSecret);
    expect(event).toEqual(JSON.parse(delivery.body));
    expect(event).toMatchObject({ type: 'payment_session.created' });
  });

  it('and refuses a changed body, another secret and an old timestamp', () => {
    const secret = server.state.webhookSecret;
    const tampered = delivery.body.replace('"amount":"64000"', '"amount":"64001"');
    expect(() => stripe.webhooks.constructEvent(tampered, header, secret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(delivery.body, header, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const t = Number(/t=(\d+)/.exec(header)?.[1]);
    expect(() =>
      stripe.webhooks.constructEvent(delivery.body, header, secret, undefined, undefined, (t + 301) * 1000),
    ).toThrow(/Timestamp outside the tolerance zone/);
  });
});
