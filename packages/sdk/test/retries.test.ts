import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { claimKey, requestHash } from '../../../apps/server/src/modules/idempotency/idempotency';
import { freePort } from '../../../apps/server/test/helpers/free-port';
import { GerbangApiError, GerbangConnectionError } from '../src/index';
import { flakyProxy } from './flaky-proxy';
import { nextReference, serverUnderTest } from './server-under-test';

/** Short waits: these tests are about what is sent again, not when (transport.test.ts times it). */
const QUICK_RETRIES = { baseDelayMs: 5, maxDelayMs: 20 };

describe('retries over real sockets, through a failing proxy in front of the real server', () => {
  const server = serverUnderTest();
  let proxy: Awaited<ReturnType<typeof flakyProxy>>;
  const throughProxy = (retry: object = {}) =>
    server.client({ baseUrl: proxy.url, retry: { ...QUICK_RETRIES, ...retry } });
  const sessionsWith = async (referenceNumber: string) =>
    (await server.client().paymentSessions.list({ referenceNumber })).items;
  const keysSeen = () => proxy.seen.map((request) => request.headers['idempotency-key']);

  beforeAll(async () => {
    proxy = await flakyProxy(server.state.baseUrl);
  });
  afterEach(() => {
    proxy.script.splice(0);
    proxy.seen.splice(0);
  });
  afterAll(() => proxy.close());

  it('after a 503 and a 500, sends the POST a third time with the same key and opens one session', async () => {
    proxy.script.push({ status: 503 }, { status: 500 });
    const referenceNumber = nextReference();
    const session = await throughProxy().paymentSessions.create({ referenceNumber, amount: '50000' });
    expect(proxy.seen.map((request) => request.behaviour)).toEqual([{ status: 503 }, { status: 500 }, 'forward']);
    const [key] = keysSeen();
    expect(key).toEqual(expect.any(String));
    expect(keysSeen()).toEqual([key, key, key]);
    expect((await sessionsWith(referenceNumber)).map((s) => s.id)).toEqual([session.id]);
  });

  it('sends the POST again when the connection drops before the server sees it', async () => {
    proxy.script.push('drop_before_server');
    const referenceNumber = nextReference();
    const session = await throughProxy().paymentSessions.create({ referenceNumber, amount: '50000' });
    expect(proxy.seen).toHaveLength(2);
    expect(new Set(keysSeen()).size).toBe(1);
    expect((await sessionsWith(referenceNumber)).map((s) => s.id)).toEqual([session.id]);
  });

  it('an answer lost after the server opened the session: the retry, with the same key, gets that session, not a second', async () => {
    proxy.script.push('drop_after_server');
    const referenceNumber = nextReference();
    const session = await throughProxy().paymentSessions.create({ referenceNumber, amount: '50000' });
    expect(proxy.seen.map((request) => request.behaviour)).toEqual(['drop_after_server', 'forward']);
    expect(new Set(keysSeen()).size).toBe(1);
    const stored = await sessionsWith(referenceNumber);
    expect(stored.map((s) => s.id)).toEqual([session.id]);
    expect(stored[0]).toEqual(session);
  });

  it('retries reads too: a GET after a dropped connection and a 502', async () => {
    proxy.script.push('drop_before_server', { status: 502 });
    const balance = await throughProxy().balance.get();
    expect(balance).toMatchObject({ currency: 'IDR' });
    expect(proxy.seen.map((request) => request.path)).toEqual(['/v1/balance', '/v1/balance', '/v1/balance']);
  });

  it('gives up after maxAttempts with the last answer as a GerbangApiError, its key kept for later', async () => {
    proxy.script.push({ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    const error = await throughProxy({ maxAttempts: 3 })
      .paymentSessions.create({ referenceNumber: nextReference(), amount: '50000' })
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(GerbangApiError);
    expect(error).toMatchObject({ status: 503, code: 'UNEXPECTED_RESPONSE', attempts: 3 });
    expect(proxy.seen).toHaveLength(3);
    expect((error as GerbangApiError).idempotencyKey).toBe(keysSeen()[0]);
  });

  it('409 "still being processed" is sent again with the same key, and runs once the first request let the key go', async () => {
    const { testApp, merchantId } = server.state;
    const idempotencyKey = randomUUID();
    const params = { referenceNumber: nextReference(), amount: '50000' };
    // The server's own claim of the key, as a first request with it holds it while it runs.
    const hash = requestHash('POST /v1/payment-sessions', params);
    await testApp.database.db.execute(claimKey({ merchantId, caller: 'merchant_api', key: idempotencyKey, hash }));
    const answers: { status: number; body: unknown }[] = [];
    const gerbang = server.client({
      retry: QUICK_RETRIES,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        answers.push({ status: response.status, body: await response.clone().json() });
        // Then the first request fails, which releases its key (an error answer stores nothing).
        if (answers.length === 1) {
          await testApp.database.db.execute(sql`delete from idempotency_keys where key = ${idempotencyKey}`);
        }
        return response;
      },
    });
    const session = await gerbang.paymentSessions.create(params, { idempotencyKey });
    expect(answers.map((answer) => answer.status)).toEqual([409, 201]);
    expect(answers[0]?.body).toMatchObject({
      error: { code: 'CONFLICT', message: expect.stringMatching(/still being processed/) },
    });
    expect(session.referenceNumber).toBe(params.referenceNumber);
  });

  it('nothing listening: a GerbangConnectionError after every attempt, carrying the key to send again', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const idempotencyKey = randomUUID();
    const error = await server
      .client({ baseUrl: nowhere, retry: { ...QUICK_RETRIES, maxAttempts: 2 } })
      .paymentSessions.create({ referenceNumber: nextReference(), amount: '50000' }, { idempotencyKey })
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(GerbangConnectionError);
    expect(error).toMatchObject({ attempts: 2, idempotencyKey });
  });
});
