import { MODE_HEADER, ROLE } from '@gerbang/contract';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../apps/server/test/helpers/test-app';
import { createGerbangClient, GerbangApiError } from '../src/index';
import { nextReference, serverUnderTest } from './server-under-test';

describe('test mode through the SDK, over HTTP to the real server', () => {
  const server = serverUnderTest();

  /** A test token, made as a merchant makes one: in the console's test mode. */
  async function testClient() {
    const { testApp, merchantId } = server.state;
    const owner = await signedInUser(testApp, ROLE.Merchant, { merchantId });
    const made = await testApp.app.inject({
      method: 'POST',
      url: '/api-tokens',
      headers: { ...owner.headers, [MODE_HEADER]: 'test' },
      payload: {
        name: 'SDK test',
        scopes: ['payments:write', 'payments:read', 'balance:read', 'withdrawals:write', 'withdrawals:read'],
      },
    });
    return createGerbangClient({ apiKey: made.json().secret, baseUrl: server.state.baseUrl });
  }

  it('pays a test session with the test provider, into the test balance only', async () => {
    const test = await testClient();
    const session = await test.paymentSessions.create({
      referenceNumber: nextReference('TEST'),
      amount: '50000',
      method: 'dana',
    });
    expect(session).toMatchObject({ status: 'awaiting_payment', livemode: false });
    const paid = await test.testMode.simulatePayment(session.id, 'paid');
    expect(paid).toMatchObject({ id: session.id, status: 'success', receivedAmount: '50000' });
    expect(await test.balance.get()).toMatchObject({ available: '50000' });
    // The live balance is what it was; the live token cannot see the test session.
    const live = server.client();
    expect((await live.balance.get()).available).toBe('1000000');
    const unseen = await live.paymentSessions.get(session.id).catch((error: unknown) => error);
    expect(unseen).toBeInstanceOf(GerbangApiError);
    expect((unseen as GerbangApiError).status).toBe(404);
  });

  it('pays a test customer withdrawal with the test provider once the customer confirms it', async () => {
    const test = await testClient();
    const session = await test.paymentSessions.create({
      referenceNumber: nextReference('TEST'),
      amount: '80000',
      method: 'dana',
    });
    await test.testMode.simulatePayment(session.id, 'paid');
    const withdrawal = await test.withdrawals.create({
      referenceNumber: nextReference('TEST-PAYOUT'),
      amount: '30000',
      provider: 'bca',
      accountNumber: '8610012345',
      holderName: 'Siti Rahayu',
    });
    expect(withdrawal).toMatchObject({ livemode: false });
    // The customer confirms on the withdraw page, then the test provider pays.
    const confirmed = await fetch(`${server.state.baseUrl}/public/withdrawals/${withdrawal.id}/confirm`, {
      method: 'POST',
    });
    expect(confirmed.status).toBe(200);
    const paid = await test.testMode.simulatePayout(withdrawal.id, 'paid');
    expect(paid).toMatchObject({ id: withdrawal.id, status: 'success', livemode: false });
    expect((await test.withdrawals.get(withdrawal.id)).status).toBe('success');
  });

  it('refuses a simulated payment with a live token, with a typed error', async () => {
    const live = server.client();
    const session = await live.paymentSessions.create({ referenceNumber: nextReference('LIVE'), amount: '20000' });
    const refused = await live.testMode.simulatePayment(session.id, 'paid').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GerbangApiError);
    expect((refused as GerbangApiError).code).toBe('FORBIDDEN');
    expect((await live.paymentSessions.get(session.id)).status).toBe('created');
  });
});
