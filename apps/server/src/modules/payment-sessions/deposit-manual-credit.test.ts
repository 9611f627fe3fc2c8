import { randomUUID } from 'node:crypto';
import { feeOnAmountMinor } from '@gerbang/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { api } from '../../../test/helpers/test-api';
import { merchants, webhookEvents } from '../../db/schema';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { ledgerViolations } from '../ledger/ledger-invariants';
import {
  customerPays,
  type merchantWithToken,
  queuedTransfer,
  type readyAccount,
} from './payment-sessions.test-support';
import { reviewDeskWorld } from './review-desk.test-support';

describe('manual credits: a queued transfer credited to a merchant without a session', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let dana: Awaited<ReturnType<typeof readyAccount>>;
  let admin: ReturnType<typeof api>;
  let secondAdmin: ReturnType<typeof api>;
  const balance = async () => Number((await shop.client.get('/v1/balance')).json().available);
  /** A transfer matching no session: it waits in the queue. */
  const unmatched = (amount: string) => queuedTransfer(dana.phone, dana.account.id, admin, amount, 'RINA KUSUMA');
  const credit = (who: ReturnType<typeof api>, id: string, body: object) =>
    who.post(`/transactions/${id}/credit`, body);

  beforeAll(async () => {
    const world = await reviewDeskWorld({
      env: { RESOLUTION_APPROVAL_ABOVE_IDR: '1000000' },
      fee: { basisPoints: 200, fixedMinor: 500n },
    });
    ({ t, shop, dana } = world);
    [admin, secondAdmin] = world.admins as [ReturnType<typeof api>, ReturnType<typeof api>];
  });
  afterAll(() => t.close());

  it('credits the merchant what arrived less its fee, tells it by webhook, and shows it the transfer', async () => {
    const transfer = await unmatched('73210');
    const before = await balance();
    const res = await credit(admin, transfer.id, {
      merchantId: shop.merchantId,
      reference: 'CREDIT-001',
      note: 'Customer paid by the shop’s invoice, no session',
    });
    expect(res.statusCode, res.body).toBe(204);
    const fee = feeOnAmountMinor(73210n, 200, 500n);
    expect((await balance()) - before).toBe(Number(73210n - fee));

    const [event] = await t.database.db
      .select({ body: webhookEvents.body })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.subjectId, transfer.id), eq(webhookEvents.type, 'deposit.manually_credited')));
    expect(event?.body.data).toMatchObject({
      transferId: transfer.id,
      reference: 'CREDIT-001',
      amount: '73210',
      fee: String(fee),
      credited: String(73210n - fee),
      counterpartyName: 'RINA KUSUMA',
    });
    const seen = (await shop.console.get('/transactions?limit=100'))
      .json()
      .items.find((item: { id: string }) => item.id === transfer.id);
    expect(seen).toMatchObject({ resolution: 'credited', creditReference: 'CREDIT-001' });
    const audit = await t.app.ctx.audit.listForTarget('wallet_transaction', transfer.id);
    expect(audit[0]).toMatchObject({ action: AUDIT_ACTIONS.depositCreditedManually });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
    expect(
      (await credit(admin, transfer.id, { merchantId: shop.merchantId, reference: 'X', note: 'x' })).statusCode,
    ).toBe(409);
  });

  it('refuses a reference used before, a merchant of another currency, or none, naming the field', async () => {
    const transfer = await unmatched('73220');
    const again = await credit(admin, transfer.id, { merchantId: shop.merchantId, reference: 'CREDIT-001', note: 'n' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toHaveProperty(['body.reference']);
    const peso = randomUUID();
    await t.database.db.insert(merchants).values({
      id: peso,
      name: 'Peso shop',
      code: `PESO${Date.now() % 100000}`,
      currency: 'PHP',
      minAmountMinor: 100n,
      maxAmountMinor: 1000000n,
      allowedMethods: ['maya'],
      webhookSecretEncrypted: '',
      paymentTimeLimitMinutes: 15,
    });
    const foreign = await credit(admin, transfer.id, { merchantId: peso, reference: 'P-1', note: 'n' });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.fields['body.merchantId']).toContain('PHP');
    const nobody = await credit(admin, transfer.id, { merchantId: randomUUID(), reference: 'P-2', note: 'n' });
    expect(nobody.json().error.fields).toHaveProperty(['body.merchantId']);
    expect(
      (await credit(admin, transfer.id, { merchantId: shop.merchantId, reference: 'bad ref!', note: '' })).json().error
        .fields,
    ).toMatchObject({ 'body.reference': expect.any(String), 'body.note': expect.any(String) });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('two operators crediting one transfer at once: one credit, the other 409', async () => {
    const transfer = await unmatched('73230');
    const before = await balance();
    const answers = await Promise.all([
      credit(admin, transfer.id, { merchantId: shop.merchantId, reference: 'RACE-A', note: 'a' }),
      credit(secondAdmin, transfer.id, { merchantId: shop.merchantId, reference: 'RACE-B', note: 'b' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
    expect((await balance()) - before).toBe(Number(73230n - feeOnAmountMinor(73230n, 200, 500n)));
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('exports the transfers as CSV, injection-safe, and a merchant only its own', async () => {
    const id = `EXPORT-${randomUUID()}`;
    await customerPays(dana.phone, dana.account.id, ['73240'], new Date(), [id], '=HYPERLINK("http://evil")');
    await eventually(async () =>
      (await admin.get('/transactions?awaitingReview=true&limit=100'))
        .json()
        .items.some((item: { providerTransactionId: string }) => item.providerTransactionId === id),
    );
    const res = await admin.get('/transactions/export?awaitingReview=true');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'occurredAt,amount,currency,provider,accountNumber,counterpartyName,providerTransactionId,outcome,referenceNumber,merchantName,resolution,creditReference,resolutionNote,resolvedAt',
    );
    const row = lines.find((line) => line.includes(id));
    expect(row).toContain(`73240,IDR,dana`);
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);
    // The merchant's export: only transfers credited or matched to it.
    const own = (await shop.console.get('/transactions/export')).body.trim().split('\r\n');
    expect(own.some((line) => line.includes('CREDIT-001'))).toBe(true);
    expect(own.some((line) => line.includes(id))).toBe(false);
    expect((await admin.get('/transactions/export?outcome=nope')).statusCode).toBe(422);
  });

  it('above the approval amount, waits for a second operator, then credits', async () => {
    const transfer = await unmatched('1500000');
    const before = await balance();
    const body = { merchantId: shop.merchantId, reference: 'BIG-1', note: 'Bank slip checked' };
    expect((await credit(admin, transfer.id, body)).statusCode).toBe(202);
    expect(await balance()).toBe(before);
    expect((await admin.post(`/transactions/${transfer.id}/approve`, {})).statusCode).toBe(403);
    expect((await secondAdmin.post(`/transactions/${transfer.id}/approve`, {})).statusCode).toBe(204);
    expect((await balance()) - before).toBe(Number(1500000n - feeOnAmountMinor(1500000n, 200, 500n)));
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
