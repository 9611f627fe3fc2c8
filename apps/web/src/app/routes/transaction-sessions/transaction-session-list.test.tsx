import {
  listMerchants,
  listPaymentSessions,
  type OperatorPaymentSession,
  type PaymentSessionDetail,
  ROLE,
  type RoleId,
} from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StubRequest } from '../../../test/http-stub';
import { aMerchant } from '../../../test/merchant-fixture';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/user-fixture';

const SESSION: OperatorPaymentSession = {
  id: '3f6c1a2b-4d5e-4f60-8a71-b2c3d4e5f607',
  referenceNumber: 'INV-1001',
  currency: 'IDR',
  amount: '150000',
  discountAmount: '1',
  extraFee: '0',
  finalAmount: '149999',
  fee: '4750',
  receivedAmount: '149999',
  refundedAmount: '0',
  status: 'success',
  method: 'dana',
  customer: null,
  returnUrl: null,
  metadata: null,
  expiresAt: '2026-01-01T00:15:00.000Z',
  paidAt: '2026-01-01T00:05:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:05:00.000Z',
  paymentUrl: 'http://localhost:3000/deposit?session=3f6c1a2b-4d5e-4f60-8a71-b2c3d4e5f607',
  livemode: true,
  merchantId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
  merchantName: 'Toko Sinar',
  walletAccountId: '8e2f3a4b-5c6d-4e7f-8091-a2b3c4d5e6f7',
};

const DETAIL: PaymentSessionDetail = {
  session: SESSION,
  receivingAccount: { label: 'Dana Toko 1', accountNumber: '081234567890' },
  timeline: [
    {
      at: '2026-01-01T00:00:00.000Z',
      fromStatus: null,
      toStatus: 'created',
      reason: 'created',
      actor: { kind: 'api_token', name: 'Checkout server' },
    },
    {
      at: '2026-01-01T00:00:01.000Z',
      fromStatus: 'created',
      toStatus: 'awaiting_payment',
      reason: 'method_selected',
      actor: { kind: 'customer', name: null },
    },
    {
      at: '2026-01-01T00:05:00.000Z',
      fromStatus: 'awaiting_payment',
      toStatus: 'success',
      reason: 'transfer_matched',
      actor: { kind: 'phone', name: 'Pixel-07' },
    },
  ],
  webhooks: [
    {
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      endpointId: null,
      type: 'payment_session.succeeded',
      status: 'failed',
      attempts: 1,
      nextAttemptAt: null,
      createdAt: '2026-01-01T00:05:00.000Z',
      deliveries: [
        { attempt: 1, at: '2026-01-01T00:05:01.000Z', statusCode: 500, durationMs: 42, error: 'receiver is down' },
      ],
    },
  ],
  journals: [
    {
      id: '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9',
      kind: 'deposit',
      currency: 'IDR',
      memo: null,
      createdAt: '2026-01-01T00:05:00.000Z',
      entries: [
        { account: 'wallet_cash', amount: '149999' },
        { account: 'merchant_available', amount: '-145249' },
        { account: 'fee_revenue', amount: '-4750' },
      ],
    },
  ],
  refunds: [],
  claims: [],
};

const A_REFUND: PaymentSessionDetail['refunds'][number] = {
  id: '6b2f3a4b-5c6d-4e7f-8091-a2b3c4d5e6f8',
  kind: 'refund',
  merchantId: SESSION.merchantId,
  referenceNumber: 'INV-1001-R1',
  currency: 'IDR',
  amount: '49999',
  fee: '1000',
  status: 'success',
  destination: {
    provider: 'dana',
    accountNumber: '081298765432',
    holderName: 'Siti',
    verifiedHolderName: 'SITI RAHAYU',
  },
  nameCheck: { score: 90, matches: true },
  payoutMethodId: null,
  paymentSessionId: SESSION.id,
  withdrawUrl: null,
  livemode: true,
  note: 'Late delivery',
  failureReason: null,
  transferReference: 'TRX-1',
  createdAt: '2026-01-02T00:00:00.000Z',
  updatedAt: '2026-01-02T00:01:00.000Z',
  completedAt: '2026-01-02T00:01:00.000Z',
};

let restore = () => {};
afterEach(() => restore());

type Handler = NonNullable<Parameters<typeof renderApp>[0]['handler']>;

/** An Admin (or `user`) on the sessions list with `detail`'s session open; `more` answers anything else. */
function openSessionDetail(detail: PaymentSessionDetail, more: Handler = () => null, user = makeUser(ROLE.Admin)) {
  return renderApp({
    // A merchant's sessions are on its Transaction page.
    path: `${user.roleId === ROLE.Merchant ? '/transaction' : '/transaction-session'}?session=${SESSION.id}`,
    consoleKind: user.roleId === ROLE.Merchant ? 'merchant' : 'admin',
    user,
    handler: (request) => {
      if (request.url === listPaymentSessions.path)
        return { status: 200, data: { items: [SESSION], nextCursor: null } };
      if (request.url === `/payment-sessions/${SESSION.id}`) return { status: 200, data: detail };
      return more(request);
    },
  });
}

/** The admin console's list of one session, recording each list request the page makes. */
function openOperatorList(roleId: RoleId) {
  const seen: StubRequest[] = [];
  const app = renderApp({
    path: '/transaction-session',
    user: makeUser(roleId),
    handler: (request) => {
      if (request.url !== listPaymentSessions.path) return null;
      seen.push(request);
      return { status: 200, data: { items: [SESSION], nextCursor: null } };
    },
  });
  restore = app.http.restore;
  return { app, seen };
}

describe('Transaction Session (admin console)', () => {
  it("lists every merchant's sessions and filters them by status", async () => {
    const user = userEvent.setup();
    const { seen } = openOperatorList(ROLE.Staff);
    const table = await screen.findByRole('table', { name: 'Payment sessions' });
    const row = (await within(table).findByText('INV-1001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Toko Sinar')).toBeInTheDocument();
    expect(within(row).getByText('Success')).toBeInTheDocument();
    expect(within(row).getByText(/149[.,]999/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'expired');
    await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ status: 'expired' }));
  });

  it('shows live sessions unless the operator asks for test mode’s', async () => {
    const user = userEvent.setup();
    const { app, seen } = openOperatorList(ROLE.Admin);
    await screen.findByRole('table', { name: 'Payment sessions' });
    expect(seen[0]?.params.mode).toBeUndefined();
    await user.selectOptions(screen.getByLabelText('Mode'), 'Test mode');
    await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ mode: 'test' }));
    expect(app.location()).toContain('mode=test');
  });

  it('filters by merchant, reference start and creation days, as instants of the browser’s days', async () => {
    const user = userEvent.setup();
    const seen: StubRequest[] = [];
    const app = renderApp({
      path: '/transaction-session',
      user: makeUser(ROLE.Admin),
      handler: (request) => {
        if (request.url === listMerchants.path) {
          return { status: 200, data: { items: [aMerchant({ id: SESSION.merchantId })], nextCursor: null } };
        }
        if (request.url !== listPaymentSessions.path) return null;
        seen.push(request);
        return { status: 200, data: { items: [SESSION], nextCursor: null } };
      },
    });
    restore = app.http.restore;
    await screen.findByText('INV-1001');
    await user.selectOptions(
      await screen.findByLabelText('Merchant'),
      await screen.findByRole('option', { name: 'Toko Sinar' }),
    );
    await user.type(screen.getByLabelText('Reference starts with'), 'INV-10');
    await user.type(screen.getByLabelText('Created from'), '2026-01-01');
    await user.type(screen.getByLabelText('Created to'), '2026-01-31');
    await waitFor(() =>
      expect(seen.at(-1)?.params).toMatchObject({
        merchantId: SESSION.merchantId,
        search: 'INV-10',
        createdFrom: new Date(2026, 0, 1).toISOString(),
        createdTo: new Date(2026, 1, 1).toISOString(),
      }),
    );
  });

  it("opens a session's timeline, webhook deliveries and journal, and resends an event", async () => {
    const user = userEvent.setup();
    const resent: string[] = [];
    const app = openSessionDetail(DETAIL, (request) => {
      if (request.method !== 'POST' || !request.url.startsWith('/webhook-events/')) return null;
      resent.push(request.url);
      return { status: 204 };
    });
    restore = app.http.restore;
    const dialog = await screen.findByRole('dialog', { name: 'Payment session INV-1001' });
    expect(await within(dialog).findByText(/Created → Awaiting payment/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Transfer matched/)).toBeInTheDocument();
    // Who took each step, in words.
    expect(within(dialog).getByText(/by the API token Checkout server/)).toBeInTheDocument();
    expect(within(dialog).getByText(/by the customer/)).toBeInTheDocument();
    expect(within(dialog).getByText(/by the phone Pixel-07/)).toBeInTheDocument();
    expect(within(dialog).getByText('Dana Toko 1 · 081234567890')).toBeInTheDocument();
    expect(within(dialog).getByText('payment_session.succeeded')).toBeInTheDocument();
    expect(within(dialog).getByText(/HTTP 500/)).toBeInTheDocument();
    expect(within(dialog).getByText('receiver is down')).toBeInTheDocument();
    const journal = within(dialog).getByRole('table', { name: /Deposit/ });
    expect(within(journal).getByText('Cash at the account')).toBeInTheDocument();
    expect(within(journal).getByText('Merchant available')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(resent).toEqual([`/webhook-events/${DETAIL.webhooks[0]?.id}/resend`]));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(app.location()).toBe('/transaction-session'));
  });
});

describe('a webhook event the merchant had no callback URL for', () => {
  it('says it was never sent and why, not that it is waiting', async () => {
    const skipped = {
      ...DETAIL,
      webhooks: [
        { ...(DETAIL.webhooks[0] as (typeof DETAIL.webhooks)[number]), status: 'skipped' as const, deliveries: [] },
      ],
    };
    const app = openSessionDetail(skipped);
    restore = app.http.restore;
    const dialog = await screen.findByRole('dialog', { name: 'Payment session INV-1001' });
    expect(await within(dialog).findByText('Skipped (no callback URL)')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Not sent: the merchant had no callback URL then. "Resend" delivers it to the URL it has now.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('Not sent yet.')).toBeNull();
  });
});

describe('an unpaid session and the transfers that may be its payment', () => {
  it('says which transfer arrived how long after it opened, and matches it with a reason', async () => {
    const user = userEvent.setup();
    const unpaid = {
      ...DETAIL,
      session: { ...SESSION, status: 'expired' as const, paidAt: null, receivedAmount: null },
      journals: [],
    };
    const transferId = '6c7d8e9f-0a1b-4c2d-8e3f-4a5b6c7d8e9f';
    const app = openSessionDetail(unpaid, (request) => {
      if (request.url === `/payment-sessions/${SESSION.id}/candidate-transfers`) {
        return {
          status: 200,
          data: {
            tolerancePercent: 2,
            items: [
              {
                transferId,
                amount: '150499',
                currency: 'IDR',
                difference: '500',
                counterpartyName: 'LINA MARLINA',
                occurredAt: '2026-01-01T00:00:40.000Z',
                nameScore: null,
                secondsAfterOpen: 40,
                withinTimeLimit: true,
                score: 90,
              },
            ],
          },
        };
      }
      if (request.method === 'POST' && request.url === `/transactions/${transferId}/match`) return { status: 204 };
      return null;
    });
    restore = app.http.restore;
    const dialog = await screen.findByRole('dialog', { name: 'Payment session INV-1001' });
    const found = await within(dialog).findByRole('region', { name: 'Transfers that may be this payment' });
    expect(
      within(found).getByText(
        /A transfer of IDR\s150,499 from LINA MARLINA arrived 40 sec after this session opened\./,
      ),
    ).toBeInTheDocument();
    await user.click(within(found).getByRole('button', { name: 'Match to session' }));
    const ask = await screen.findByRole('dialog', { name: 'Match to its session' });
    await user.type(within(ask).getByLabelText(/Reason/), 'Receipt shows this session');
    await user.click(within(ask).getByRole('button', { name: 'Match' }));
    await waitFor(() =>
      expect(app.http.requests.find((r) => r.method === 'POST')?.data).toEqual({
        paymentSessionId: SESSION.id,
        note: 'Receipt shows this session',
      }),
    );
  });
});

describe('Transaction (merchant console)', () => {
  it('lists the merchant’s own sessions, without a merchant column or filter, with the CSV export', async () => {
    const app = renderApp({
      path: '/transaction',
      consoleKind: 'merchant',
      user: makeUser(ROLE.Merchant),
      handler: (request) => {
        if (request.url === listPaymentSessions.path)
          return { status: 200, data: { items: [SESSION], nextCursor: null } };
        if (request.url === '/transactions') return { status: 200, data: { items: [], nextCursor: null } };
        return null;
      },
    });
    restore = app.http.restore;
    const table = await screen.findByRole('table', { name: 'Payment sessions' });
    expect(await within(table).findByText('INV-1001')).toBeInTheDocument();
    expect(within(table).queryByText('Toko Sinar')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Merchant')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });
});

describe('refunds on a session', () => {
  const merchantOwner = makeUser(ROLE.Merchant, {
    merchantId: SESSION.merchantId,
    merchantRole: 'owner',
    merchantName: 'Toko Sinar',
    merchantBalance: { currency: 'IDR', available: '500000', pending: '0' },
    merchantWithdrawalFee: { percent: '0', fixed: '1000' },
  });

  it('lets the merchant refund part of a paid session, showing the fee held, once per form', async () => {
    const user = userEvent.setup();
    const sent: StubRequest[] = [];
    const app = openSessionDetail(
      { ...DETAIL, session: { ...SESSION, refundedAmount: '49999' } },
      (request) => {
        if (request.method !== 'POST' || request.url !== `/payment-sessions/${SESSION.id}/refunds`) return null;
        sent.push(request);
        return { status: 201, data: { ...A_REFUND, amount: '50000' } };
      },
      merchantOwner,
    );
    restore = app.http.restore;
    const dialog = await screen.findByRole('dialog', { name: 'Payment session INV-1001' });
    await user.click(await within(dialog).findByRole('button', { name: 'Refund' }));
    const form = await screen.findByRole('dialog', { name: 'Refund INV-1001' });
    expect(within(form).getByText(/100[.,]000 is left to refund/)).toBeInTheDocument();
    const amount = within(form).getByLabelText(/Amount to refund/);
    await user.clear(amount);
    await user.type(amount, '50000');
    expect(within(form).getByText(/1[.,]000/)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Reason'), 'One item out of stock');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.data).toEqual({ amount: '50000', reason: 'One item out of stock' });
    expect(sent[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows an operator the session's refunds and where each went, without a Refund button", async () => {
    const app = openSessionDetail({ ...DETAIL, refunds: [A_REFUND] });
    restore = app.http.restore;
    const dialog = await screen.findByRole('dialog', { name: 'Payment session INV-1001' });
    const refunds = await within(dialog).findByRole('region', { name: 'Refunds' });
    expect(within(refunds).getByText('Paid')).toBeInTheDocument();
    expect(within(refunds).getByText(/To DANA 081298765432 \(SITI RAHAYU\)/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it("shows the customer's claims with what they said and the message they were given", async () => {
    const claim: PaymentSessionDetail['claims'][number] = {
      id: '7c3a4b5c-6d7e-4f80-9102-b3c4d5e6f7a8',
      status: 'rejected',
      senderName: 'Lina Marlina',
      sentAt: '2026-01-01T00:05:00.000Z',
      amount: '150500',
      hasProof: false,
      message: 'No transfer of this amount arrived.',
      createdAt: '2026-01-01T00:20:00.000Z',
      resolvedAt: '2026-01-01T01:00:00.000Z',
      paymentSessionId: SESSION.id,
      referenceNumber: SESSION.referenceNumber,
      merchantId: SESSION.merchantId,
      merchantName: 'Toko Sinar',
      currency: 'IDR',
      finalAmount: SESSION.finalAmount,
      sessionStatus: 'expired',
      walletTransactionId: null,
    };
    const app = openSessionDetail({ ...DETAIL, claims: [claim] });
    restore = app.http.restore;
    const dialog = await screen.findByRole('dialog', { name: 'Payment session INV-1001' });
    const claims = await within(dialog).findByRole('region', { name: 'Customer claims' });
    expect(within(claims).getByText('Rejected')).toBeInTheDocument();
    expect(within(claims).getByText(/Lina Marlina says they sent IDR\s?150,500/)).toBeInTheDocument();
    expect(
      within(claims).getByText('Message to the customer: No transfer of this amount arrived.'),
    ).toBeInTheDocument();
    expect(within(claims).getByText('No proof image')).toBeInTheDocument();
  });
});
