import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FleetTestApp } from '../src/modules/agents/agents.test-support';
import { paymentSessionsOf } from '../src/modules/payment-sessions/payment-sessions';
import {
  customerPays,
  merchantWithToken,
  nextReference,
  readyAccount,
} from '../src/modules/payment-sessions/payment-sessions.test-support';
import { walletTestApp } from '../src/modules/wallets/wallets.test-support';

type Shop = Awaited<ReturnType<typeof merchantWithToken>>;

/**
 * Merchant A's user session and API token, sent to every route the API documents with merchant B's
 * ids in every `:id`, can read nothing of B and change nothing of B.
 */
describe("one merchant cannot reach another's data through any route", () => {
  let t: FleetTestApp;
  let a: Shop;
  let b: Shop;
  let bSession: { id: string; referenceNumber: string };
  let bTokenId: string;
  let bUserId: string;
  let bEventId: string;

  /** Everything of B that A must never see or change. */
  async function stateOfB() {
    const sessions = (await b.client.get('/v1/payment-sessions?limit=100')).json();
    const tokens = (await b.console.get('/api-tokens?limit=100')).json();
    const { webhooks } = (await b.console.get(`/payment-sessions/${bSession.id}`)).json();
    return { sessions, tokens, webhooks, balance: (await b.client.get('/v1/balance')).json() };
  }

  beforeAll(async () => {
    t = await walletTestApp();
    a = await merchantWithToken(t);
    b = await merchantWithToken(t);
    const dana = await readyAccount(t, 'dana');
    bSession = (await b.open({ referenceNumber: nextReference(), amount: '150000', method: 'dana' })).json();
    const paid = (await b.open({ referenceNumber: nextReference(), amount: '120000', method: 'dana' })).json();
    await customerPays(dana.phone, dana.account.id, [paid.finalAmount]);
    await paymentSessionsOf(t.app.ctx).matching.run();
    bTokenId = b.token.id;
    bUserId = b.user.id;
    bEventId = (await b.console.get(`/payment-sessions/${bSession.id}`)).json().webhooks[0].id;
  });
  afterAll(() => t.close());

  it('answers every documented route without a 2xx that carries B, and leaves B as it was', async () => {
    const before = await stateOfB();
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const ids = [bSession.id, bTokenId, bUserId, b.merchantId, bEventId];
    const aSession = await t.app.inject({ method: 'GET', url: '/auth/current-user', headers: a.sessionHeaders });
    expect(aSession.statusCode).toBe(200);
    let calls = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      // Public by design (the session id is the key); logging out would only end A's own session.
      if (path.startsWith('/public/') || path.startsWith('/docs') || path === '/auth/logout') continue;
      for (const method of Object.keys(operations)) {
        if (method === 'head') continue;
        for (const id of path.includes('{') ? ids : [null]) {
          const url = id ? path.replace(/\{\w+\}/g, id) : path;
          for (const headers of [a.sessionHeaders, { authorization: `Bearer ${a.token.secret}` }]) {
            const res = await t.app.inject({
              method: method.toUpperCase() as 'GET',
              url,
              headers: { ...headers, 'idempotency-key': randomUUID() },
              payload: method === 'get' || method === 'delete' ? undefined : {},
            });
            calls += 1;
            expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
            if (res.statusCode < 300 && path.startsWith('/api-logs')) {
              // A's request log echoes A's own requests, which name B's ids: each entry must be A's.
              const entries = (res.json() as { items?: { merchantId: string }[] }).items ?? [res.json()];
              for (const entry of entries) expect(entry.merchantId, `${method} ${url}`).toBe(a.merchantId);
            } else if (res.statusCode < 300) {
              for (const secretOfB of [
                bSession.id,
                bSession.referenceNumber,
                bTokenId,
                b.token.secret,
                b.merchantId,
                bEventId,
              ]) {
                expect(res.body, `${method} ${url} leaked B`).not.toContain(secretOfB);
              }
            }
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(100);
    // A was signed in all along: the refusals above were not for want of a session.
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/current-user', headers: a.sessionHeaders })).statusCode,
    ).toBe(200);
    expect(await stateOfB()).toEqual(before);
  });

  it("reads A's own money only: balance, sessions and tokens", async () => {
    expect((await a.client.get('/v1/balance')).json()).toMatchObject({ available: '0' });
    expect((await a.client.get(`/v1/payment-sessions/${bSession.id}`)).statusCode).toBe(404);
    expect((await a.console.get(`/payment-sessions/${bSession.id}`)).statusCode).toBe(404);
    expect((await a.console.get('/payment-sessions?limit=100')).json().items).toEqual([]);
    expect((await a.console.post(`/webhook-events/${bEventId}/resend`)).statusCode).toBe(404);
    expect((await a.console.delete(`/api-tokens/${bTokenId}`)).statusCode).toBe(404);
    expect((await b.client.get('/v1/balance')).json().available).not.toBe('0');
  });
});
