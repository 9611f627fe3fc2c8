import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GerbangApiError, type PaymentSession } from '../src/index';
import { nextReference, serverUnderTest } from './server-under-test';

/** Records what each request carried, then sends it on with the global fetch. */
function recordingFetch() {
  const sent: { method: string; url: string; headers: Headers }[] = [];
  const fetcher: typeof fetch = (input, init) => {
    sent.push({ method: init?.method ?? 'GET', url: String(input), headers: new Headers(init?.headers) });
    return fetch(input, init);
  };
  return { sent, fetch: fetcher };
}

/** The rejection of `promise`, which must be a GerbangApiError. */
async function apiErrorOf(promise: Promise<unknown>): Promise<GerbangApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof GerbangApiError)) throw new Error(`expected a GerbangApiError, got ${String(error)}`);
  return error;
}

describe('payment sessions through the SDK, over HTTP to the real server', () => {
  const server = serverUnderTest();

  it('opens a session with an Idempotency-Key the SDK made itself, a fresh UUID per call', async () => {
    const recorder = recordingFetch();
    const gerbang = server.client({ fetch: recorder.fetch });
    const first = await gerbang.paymentSessions.create({ referenceNumber: nextReference(), amount: '150000' });
    const second = await gerbang.paymentSessions.create({ referenceNumber: nextReference(), amount: '150000' });
    expect(first).toMatchObject({ status: 'created', amount: '150000', currency: 'IDR' });
    expect(first.paymentUrl).toContain(first.id);
    const keys = recorder.sent.map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[0]).not.toBe(keys[1]);
    expect(second.id).not.toBe(first.id);
  });

  it('the same key and body again answers with the same session and opens no second one', async () => {
    const gerbang = server.client();
    const idempotencyKey = `order-${randomUUID()}`;
    const params = { referenceNumber: nextReference(), amount: '99000', customer: { name: 'Budi' } };
    const first = await gerbang.paymentSessions.create(params, { idempotencyKey });
    const again = await gerbang.paymentSessions.create(params, { idempotencyKey });
    expect(again).toEqual(first);
    const listed = await gerbang.paymentSessions.list({ referenceNumber: params.referenceNumber });
    expect(listed.items.map((session) => session.id)).toEqual([first.id]);
  });

  it('reads a session by id, and lists sessions a page at a time or all at once', async () => {
    const gerbang = server.client();
    const prefix = nextReference('PAGE');
    const opened: PaymentSession[] = [];
    for (const n of [1, 2, 3]) {
      opened.push(await gerbang.paymentSessions.create({ referenceNumber: `${prefix}-${n}`, amount: '20000' }));
    }
    expect(await gerbang.paymentSessions.get(opened[0]?.id as string)).toEqual(opened[0]);

    const firstPage = await gerbang.paymentSessions.list({ limit: 2 });
    expect(firstPage.items).toHaveLength(2);
    expect(firstPage.nextCursor).toEqual(expect.any(String));
    const secondPage = await gerbang.paymentSessions.list({ limit: 2, cursor: firstPage.nextCursor as string });
    expect(secondPage.items[0]?.id).not.toBe(firstPage.items[1]?.id);

    const all: string[] = [];
    for await (const session of gerbang.paymentSessions.listAll({ limit: 1, status: 'created' })) all.push(session.id);
    expect(all).toEqual(expect.arrayContaining(opened.map((session) => session.id)));
    expect(new Set(all).size).toBe(all.length);
  });

  it('a 422 is a GerbangApiError with the code, message, fields, requestId and status, sent once', async () => {
    const error = await apiErrorOf(
      server.client().paymentSessions.create({ referenceNumber: nextReference(), amount: '12,50' }),
    );
    expect(error).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', attempts: 1 });
    expect(Object.keys(error.fields ?? {})).toEqual(['body.amount']);
    expect(error.message).toContain('body.amount');
    expect(error.requestId).toEqual(expect.any(String));
    expect(error.idempotencyKey).toEqual(expect.any(String));
  });

  it('the same key with another body is 422 naming the key', async () => {
    const gerbang = server.client();
    const idempotencyKey = randomUUID();
    await gerbang.paymentSessions.create({ referenceNumber: nextReference(), amount: '30000' }, { idempotencyKey });
    const error = await apiErrorOf(
      gerbang.paymentSessions.create({ referenceNumber: nextReference(), amount: '30000' }, { idempotencyKey }),
    );
    expect(error).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', idempotencyKey });
    expect(error.fields).toHaveProperty(['headers.idempotency-key']);
  });

  it('a reference number used before is 409 naming it, and is not sent again', async () => {
    const recorder = recordingFetch();
    const gerbang = server.client({ fetch: recorder.fetch });
    const referenceNumber = nextReference();
    await gerbang.paymentSessions.create({ referenceNumber, amount: '30000' });
    const error = await apiErrorOf(gerbang.paymentSessions.create({ referenceNumber, amount: '30000' }));
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', attempts: 1 });
    expect(error.fields).toHaveProperty(['body.referenceNumber']);
    expect(recorder.sent).toHaveLength(2);
  });

  it('an unknown token is 401 UNAUTHENTICATED, not retried', async () => {
    const error = await apiErrorOf(server.client({ apiKey: `gbk_${'x'.repeat(43)}` }).balance.get());
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', attempts: 1, idempotencyKey: null });
    expect(error.requestId).toEqual(expect.any(String));
  });

  it('a session of nobody it knows is 404 NOT_FOUND', async () => {
    const error = await apiErrorOf(server.client().paymentSessions.get(randomUUID()));
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
