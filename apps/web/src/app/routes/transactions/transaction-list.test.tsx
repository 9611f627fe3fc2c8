import {
  approveDepositResolution,
  chargePayoutExceptionToMerchant,
  creditDepositTransfer,
  type DepositTransfer,
  listDepositTransferCandidates,
  listDepositTransfers,
  listMerchants,
  listPaymentClaims,
  listPayoutExceptions,
  matchDepositTransfer,
  type PaymentClaim,
  type PayoutException,
  ROLE,
  rejectPaymentClaim,
  returnDepositTransfer,
} from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StubRequest, StubResponse } from '../../../test/http-stub';
import { aMerchant } from '../../../test/merchant-fixture';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/user-fixture';

const LATE: DepositTransfer = {
  id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
  walletAccountId: '8e2f3a4b-5c6d-4e7f-8091-a2b3c4d5e6f7',
  provider: 'dana',
  accountNumber: '081200000001',
  currency: 'IDR',
  amount: '149999',
  counterpartyName: 'Budi',
  counterpartyAccount: '',
  providerTransactionId: 'TRX-1',
  occurredAt: '2026-01-01T00:20:00.000Z',
  outcome: 'paid_late',
  paymentSessionId: '3f6c1a2b-4d5e-4f60-8a71-b2c3d4e5f607',
  referenceNumber: 'INV-1001',
  merchantName: 'Toko Sinar',
  resolution: null,
  resolutionNote: null,
  creditReference: null,
  resolvedAt: null,
  returnWithdrawal: null,
  proposal: null,
};

const PAID_AFTER_RELEASE: PayoutException = {
  id: '1b2c3d4e-5f60-4718-9a2b-3c4d5e6f7081',
  walletAccountId: LATE.walletAccountId,
  provider: 'dana',
  accountNumber: '081200000001',
  currency: 'IDR',
  amount: '30000',
  counterpartyName: 'PT Toko Maju',
  counterpartyAccount: '1234567890',
  providerTransactionId: 'DANA-LATE-1',
  occurredAt: '2026-01-01T00:30:00.000Z',
  outcome: 'paid_after_release',
  withdrawalId: '2c3d4e5f-6071-4829-8b3c-4d5e6f708192',
  withdrawalReference: 'WD-1A2B3C4D5E6F',
  merchantName: 'Toko Sinar',
  resolution: null,
  resolutionNote: null,
  resolvedAt: null,
  createdAt: '2026-01-01T00:31:00.000Z',
};

const PESO_SHOP = '8d9e0f1a-2b3c-4d4e-9f5a-6b7c8d9e0f1a';

let restore = () => {};
afterEach(() => restore());

function open(
  path: string,
  user: ReturnType<typeof makeUser>,
  consoleKind: 'admin' | 'merchant',
  replies: Record<string, (r: StubRequest) => StubResponse>,
) {
  const app = renderApp({
    path,
    user,
    consoleKind,
    handler: (request) => replies[`${request.method} ${request.url}`]?.(request) ?? null,
  });
  restore = app.http.restore;
  return app;
}

describe('Transaction (incoming transfers)', () => {
  it('lets an Admin match a paid-late transfer to its session, with a reason', async () => {
    const user = userEvent.setup();
    const app = open('/transaction', makeUser(ROLE.Admin), 'admin', {
      [`GET ${listDepositTransfers.path}`]: () => ({ status: 200, data: { items: [LATE], nextCursor: null } }),
      [`POST ${matchDepositTransfer.path.replace(':id', LATE.id)}`]: () => ({ status: 204 }),
    });
    const table = await screen.findByRole('table', { name: 'Incoming transfers' });
    const row = (await within(table).findByText('Paid late')).closest('tr') as HTMLElement;
    expect(within(row).getByText(/INV-1001/)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Match to session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Match to its session' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Receipt checked');
    await user.click(within(dialog).getByRole('button', { name: 'Match' }));
    await waitFor(() =>
      expect(app.http.requests.find((r) => r.method === 'POST')?.data).toEqual({
        paymentSessionId: LATE.paymentSessionId,
        note: 'Receipt checked',
      }),
    );
  });

  it("sends an unmatched transfer back to the sender its history names, and links the return's progress", async () => {
    const user = userEvent.setup();
    const unmatched: DepositTransfer = {
      ...LATE,
      outcome: 'unmatched',
      paymentSessionId: null,
      referenceNumber: null,
      merchantName: null,
      counterpartyAccount: '081298765432',
    };
    const bankTransfer: DepositTransfer = { ...unmatched, id: PESO_SHOP, provider: 'livin', amount: '5000' };
    let returned = false;
    const app = open('/transaction', makeUser(ROLE.Admin), 'admin', {
      [`GET ${listDepositTransfers.path}`]: () => ({
        status: 200,
        data: {
          items: returned
            ? [
                {
                  ...unmatched,
                  resolution: 'returned',
                  resolutionNote: 'Wrong shop',
                  resolvedAt: '2026-01-01T00:30:00.000Z',
                  returnWithdrawal: { id: PAID_AFTER_RELEASE.withdrawalId, status: 'processing' },
                },
              ]
            : [unmatched, bankTransfer],
          nextCursor: null,
        },
      }),
      [`POST ${returnDepositTransfer.path.replace(':id', unmatched.id)}`]: () => {
        returned = true;
        return { status: 204 };
      },
    });
    const table = await screen.findByRole('table', { name: 'Incoming transfers' });
    expect(await within(table).findAllByText('081298765432')).toHaveLength(2);
    // A bank's history may name another bank's account: only recorded as refunded outside.
    expect(within(table).queryByRole('button', { name: /Send back to sender IDR\s?5,000/ })).toBeNull();
    await user.click(within(table).getByRole('button', { name: /Send back to sender IDR\s?149,999/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Send back to the sender' });
    expect(within(dialog).getByText(/to Budi \(081298765432\) from DANA 081200000001/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Wrong shop');
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    await waitFor(() =>
      expect(app.http.requests.find((r) => r.method === 'POST')?.data).toEqual({ note: 'Wrong shop' }),
    );
    const link = await screen.findByRole('link', { name: 'Return to sender: Processing' });
    expect(link).toHaveAttribute('href', `/withdrawal-requests?withdrawal=${PAID_AFTER_RELEASE.withdrawalId}`);
  });

  it('keeps its filters in the address: a shared link opens the same list, and a change is written back', async () => {
    const user = userEvent.setup();
    const app = open('/transaction?outcome=unmatched&awaitingReview=true', makeUser(ROLE.Admin), 'admin', {
      [`GET ${listDepositTransfers.path}`]: () => ({ status: 200, data: { items: [], nextCursor: null } }),
    });
    const incoming = await screen.findByRole('region', { name: 'Incoming transfers' });
    await waitFor(() =>
      expect(app.http.requests.find((r) => r.url === listDepositTransfers.path)?.params).toMatchObject({
        outcome: 'unmatched',
        awaitingReview: 'true',
      }),
    );
    expect(within(incoming).getByRole('combobox', { name: 'Outcome' })).toHaveValue('unmatched');
    expect(within(incoming).getByRole('checkbox', { name: 'Only those awaiting review' })).toBeChecked();
    await user.selectOptions(within(incoming).getByRole('combobox', { name: 'Outcome' }), 'paid_late');
    await user.click(within(incoming).getByRole('checkbox', { name: 'Only those awaiting review' }));
    await waitFor(() => expect(app.location()).toBe('/transaction?outcome=paid_late'));
  });

  it('finds the sessions an unmatched transfer may have paid and near-matches one, saying what the merchant gets', async () => {
    const user = userEvent.setup();
    const unmatched: DepositTransfer = {
      ...LATE,
      amount: '245500',
      counterpartyName: 'LINA MARLINA',
      outcome: 'unmatched',
      paymentSessionId: null,
      referenceNumber: null,
      merchantName: null,
    };
    const app = open('/transaction', makeUser(ROLE.Admin), 'admin', {
      [`GET ${listDepositTransfers.path}`]: () => ({ status: 200, data: { items: [unmatched], nextCursor: null } }),
      [`GET ${listDepositTransferCandidates.path.replace(':id', LATE.id)}`]: () => ({
        status: 200,
        data: {
          tolerancePercent: 2,
          items: [
            {
              paymentSessionId: '4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d',
              referenceNumber: 'INV-2001',
              merchantName: 'Toko Sinar',
              status: 'expired',
              currency: 'IDR',
              finalAmount: '245000',
              difference: '500',
              customerName: 'Lina Marlina',
              nameScore: 100,
              secondsAfterOpen: 40,
              withinTimeLimit: true,
              score: 97,
            },
          ],
        },
      }),
      [`POST ${matchDepositTransfer.path.replace(':id', LATE.id)}`]: () => ({ status: 204 }),
    });
    const table = await screen.findByRole('table', { name: 'Incoming transfers' });
    await user.click(await within(table).findByRole('button', { name: /^Find session IDR\s245,500$/ }));
    const candidates = await screen.findByRole('table', { name: 'Sessions this transfer may have paid' });
    expect(await within(candidates).findByText('INV-2001')).toBeInTheDocument();
    expect(within(candidates).getByText(/^\+IDR\s500$/)).toBeInTheDocument();
    expect(within(candidates).getByText('Name match 100/100')).toBeInTheDocument();
    await user.click(within(candidates).getByRole('button', { name: 'Match to session INV-2001' }));
    const ask = await screen.findByRole('dialog', { name: 'Match to its session' });
    expect(within(ask).getByText(/It is IDR\s500 off the final amount of IDR\s245,000/)).toBeInTheDocument();
    await user.type(within(ask).getByLabelText(/Reason/), 'Same customer, one minute apart');
    await user.click(within(ask).getByRole('button', { name: 'Match' }));
    await waitFor(() =>
      expect(app.http.requests.find((r) => r.method === 'POST')?.data).toEqual({
        paymentSessionId: '4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d',
        note: 'Same customer, one minute apart',
      }),
    );
  });

  it("asks a second operator to approve another's proposal, and tells its proposer it waits", async () => {
    const user = userEvent.setup();
    const proposed: DepositTransfer = {
      ...LATE,
      amount: '25000000',
      proposal: {
        kind: 'match',
        paymentSessionId: LATE.paymentSessionId as string,
        note: 'Receipt checked',
        proposedByUserId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        proposedAt: '2026-01-01T00:25:00.000Z',
      },
    };
    const app = open('/transaction', makeUser(ROLE.Admin), 'admin', {
      [`GET ${listDepositTransfers.path}`]: () => ({ status: 200, data: { items: [proposed], nextCursor: null } }),
      [`POST ${approveDepositResolution.path.replace(':id', LATE.id)}`]: () => ({ status: 204 }),
    });
    const table = await screen.findByRole('table', { name: 'Incoming transfers' });
    expect(await within(table).findByText('Proposed: match to a session: Receipt checked')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Find session/ })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Approve' }));
    const ask = await screen.findByRole('dialog', { name: 'Approve the proposed resolution' });
    await user.click(within(ask).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved and carried out.')).toBeInTheDocument();
    expect(app.http.requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      approveDepositResolution.path.replace(':id', LATE.id),
    ]);
  });

  it('credits an unmatched transfer to a merchant of its currency, with a reference and a reason', async () => {
    const user = userEvent.setup();
    const unmatched: DepositTransfer = { ...LATE, outcome: 'unmatched', paymentSessionId: null, referenceNumber: null };
    const app = open('/transaction', makeUser(ROLE.Admin), 'admin', {
      [`GET ${listDepositTransfers.path}`]: () => ({ status: 200, data: { items: [unmatched], nextCursor: null } }),
      [`GET ${listMerchants.path}`]: () => ({
        status: 200,
        data: {
          items: [aMerchant(), aMerchant({ id: PESO_SHOP, name: 'Peso Shop', currency: 'PHP' })],
          nextCursor: null,
        },
      }),
      [`POST ${creditDepositTransfer.path.replace(':id', LATE.id)}`]: () => ({ status: 204 }),
    });
    const table = await screen.findByRole('table', { name: 'Incoming transfers' });
    await user.click(await within(table).findByRole('button', { name: /^Credit merchant IDR\s149,999$/ }));
    const form = await screen.findByRole('dialog', { name: 'Credit a merchant' });
    const merchant = within(form).getByRole('combobox', { name: /Merchant/ });
    await waitFor(() => expect(within(merchant).getByRole('option', { name: 'Toko Sinar' })).toBeInTheDocument());
    expect(within(merchant).queryByRole('option', { name: 'Peso Shop' })).not.toBeInTheDocument();
    await user.selectOptions(merchant, 'Toko Sinar');
    await user.type(within(form).getByRole('textbox', { name: /Reference/ }), 'INV-BANK-77');
    await user.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Paid against the bank invoice');
    await user.click(within(form).getByRole('button', { name: 'Credit' }));
    expect(await screen.findByText('Credited to the merchant.')).toBeInTheDocument();
    expect(app.http.requests.find((r) => r.method === 'POST')?.data).toEqual({
      merchantId: aMerchant().id,
      reference: 'INV-BANK-77',
      note: 'Paid against the bank invoice',
    });
  });

  it("lets an Admin charge the merchant for a transfer that paid a withdrawal after its hold's release", async () => {
    const user = userEvent.setup();
    const app = open('/transaction', makeUser(ROLE.Admin), 'admin', {
      [`GET ${listDepositTransfers.path}`]: () => ({ status: 200, data: { items: [], nextCursor: null } }),
      [`GET ${listPayoutExceptions.path}`]: () => ({
        status: 200,
        data: { items: [PAID_AFTER_RELEASE], nextCursor: null },
      }),
      [`POST ${chargePayoutExceptionToMerchant.path.replace(':id', PAID_AFTER_RELEASE.id)}`]: () => ({ status: 204 }),
    });
    const table = await screen.findByRole('table', { name: 'Outgoing transfers to review' });
    const row = (await within(table).findByText('Paid after release')).closest('tr') as HTMLElement;
    expect(within(row).getByText(/WD-1A2B3C4D5E6F/)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Charge merchant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Charge the merchant' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Customer confirmed receipt');
    await user.click(within(dialog).getByRole('button', { name: 'Charge' }));
    await waitFor(() =>
      expect(app.http.requests.find((r) => r.method === 'POST')?.data).toEqual({ note: 'Customer confirmed receipt' }),
    );
  });

  it('shows a merchant its transfers without any queue action', async () => {
    open('/transaction', makeUser(ROLE.Merchant, { merchantId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6' }), 'merchant', {
      [`GET ${listDepositTransfers.path}`]: () => ({
        status: 200,
        data: { items: [{ ...LATE, outcome: 'matched' }], nextCursor: null },
      }),
    });
    expect(await screen.findByText('Matched')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Match to session|Refunded outside/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/awaiting review/)).not.toBeInTheDocument();
  });

  it("lists customers' open claims and rejects one with a message its customer reads", async () => {
    const user = userEvent.setup();
    const claim: PaymentClaim = {
      id: '9e4b5c6d-7e8f-4a01-9213-c4d5e6f7a8b9',
      status: 'open',
      senderName: 'Lina Marlina',
      sentAt: '2026-01-01T00:05:00.000Z',
      amount: '245500',
      hasProof: false,
      message: null,
      createdAt: '2026-01-01T00:20:00.000Z',
      resolvedAt: null,
      paymentSessionId: LATE.paymentSessionId as string,
      referenceNumber: 'INV-2002',
      merchantId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
      merchantName: 'Toko Sinar',
      currency: 'IDR',
      finalAmount: '245000',
      sessionStatus: 'expired',
      walletTransactionId: null,
    };
    const app = open('/transaction', makeUser(ROLE.Admin), 'admin', {
      [`GET ${listPaymentClaims.path}`]: () => ({ status: 200, data: { items: [claim], nextCursor: null } }),
      [`POST ${rejectPaymentClaim.path.replace(':id', claim.id)}`]: () => ({ status: 204 }),
    });
    const claims = await screen.findByRole('region', { name: 'Customer claims' });
    const row = (await within(claims).findByText('INV-2002')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Waiting for review')).toBeInTheDocument();
    expect(within(row).getByText(/Lina Marlina/)).toBeInTheDocument();
    await waitFor(() =>
      expect(app.http.requests.find((r) => r.url === listPaymentClaims.path)?.params).toMatchObject({ status: 'open' }),
    );
    await user.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject claim' });
    await user.type(within(dialog).getByLabelText(/Message to the customer/), 'No such transfer arrived.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject claim' }));
    await waitFor(() =>
      expect(app.http.requests.find((r) => r.method === 'POST')?.data).toEqual({
        message: 'No such transfer arrived.',
      }),
    );
  });
});
