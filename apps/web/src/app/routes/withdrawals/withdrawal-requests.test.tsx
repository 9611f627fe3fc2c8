import { type OperatorWithdrawal, ROLE, type WithdrawalDetail } from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, type StubRequest } from '../../../test/http-stub';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/user-fixture';

let restore = () => {};
afterEach(() => restore());

const MERCHANT_ID = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

function aWithdrawal(overrides: Partial<OperatorWithdrawal> = {}): OperatorWithdrawal {
  return {
    id: '5a1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
    kind: 'settlement',
    merchantId: MERCHANT_ID,
    referenceNumber: 'WD-ABC123',
    currency: 'IDR',
    amount: '120000',
    fee: '1000',
    status: 'pending_approval',
    destination: {
      provider: 'bca',
      accountNumber: '8610012345',
      holderName: 'PT Sinar',
      verifiedHolderName: 'PT SINAR',
    },
    nameCheck: { score: 100, matches: true },
    payoutMethodId: null,
    paymentSessionId: null,
    note: '',
    failureReason: null,
    transferReference: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    completedAt: null,
    livemode: true,
    merchantName: 'Toko Sinar',
    returnedTransferId: null,
    sendingAccount: null,
    createdByUserId: null,
    lastChangedByUserId: null,
    approvedByUserId: null,
    ...overrides,
  };
}

const listed = (items: OperatorWithdrawal[]) => ({ status: 200, data: { items, nextCursor: null } });

describe('Withdrawal requests', () => {
  it('offers operators the actions each state allows, and approving asks first and says whose turn it is', async () => {
    const user = userEvent.setup();
    const pending = aWithdrawal();
    const uncertain = aWithdrawal({
      id: '6b1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
      referenceNumber: 'WD-LOST',
      status: 'uncertain',
    });
    const posted: string[] = [];
    const app = renderApp({
      path: '/withdrawal-requests',
      user: makeUser(ROLE.Admin),
      handler: (request) => {
        if (request.url === '/withdrawal-requests') return listed([pending, uncertain]);
        if (request.method === 'POST') {
          posted.push(request.url);
          return { status: 403, data: errorBody('SECOND_APPROVER_REQUIRED') };
        }
        return null;
      },
    });
    restore = app.http.restore;
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    expect(await within(table).findByRole('button', { name: 'Approve WD-ABC123' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Reject WD-ABC123' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Send WD-ABC123' })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Found: paid WD-LOST' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Not paid WD-LOST' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Send WD-LOST/ })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Approve WD-ABC123' }));
    const approving = await screen.findByRole('dialog', { name: 'Approve withdrawal' });
    // What the approver decides on: where it goes, the fee, and what is held from whom.
    expect(
      within(approving).getByText(
        /to BCA 8610012345, plus the fee of IDR\s1,000 \(IDR\s121,000 held from Toko Sinar\)/,
      ),
    ).toBeInTheDocument();
    await user.click(within(approving).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('You created or last changed this withdrawal; another operator must approve it.'),
    ).toBeInTheDocument();
    expect(posted).toEqual([`/withdrawal-requests/${pending.id}/approve`]);
  });

  it('shows operators live withdrawals unless they ask for test mode’s; a merchant has no such filter', async () => {
    const user = userEvent.setup();
    const seen: StubRequest[] = [];
    const app = renderApp({
      path: '/withdrawal-requests',
      user: makeUser(ROLE.Admin),
      handler: (request) => {
        if (request.url !== '/withdrawal-requests') return null;
        seen.push(request);
        return request.params.mode === 'test'
          ? listed([aWithdrawal({ referenceNumber: 'WD-TEST', status: 'uncertain', livemode: false })])
          : listed([aWithdrawal()]);
      },
    });
    restore = app.http.restore;
    await screen.findByRole('table', { name: 'Withdrawals' });
    expect(seen[0]?.params.mode).toBeUndefined();
    await user.selectOptions(screen.getByLabelText('Mode'), 'Test mode');
    await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ mode: 'test' }));
    expect(app.location()).toContain('mode=test');
    // Test mode's uncertain withdrawal is the test provider's to end: no operator action on it.
    const table = screen.getByRole('table', { name: 'Withdrawals' });
    expect(await within(table).findByText('WD-TEST')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Found: paid WD-TEST' })).not.toBeInTheDocument();
  });

  it('shows both holder names and the score, and approves a held name with the reason given', async () => {
    const user = userEvent.setup();
    const held = aWithdrawal({
      kind: 'customer',
      status: 'name_review',
      referenceNumber: 'PAYOUT-7',
      destination: {
        provider: 'bri',
        accountNumber: '002100012301',
        holderName: 'Walk Tester',
        verifiedHolderName: 'PT TOKO MAJU',
      },
      nameCheck: { score: 12, matches: false },
    });
    const detail: WithdrawalDetail = { ...held, timeline: [], webhooks: [] };
    const posted: { url: string; body: unknown }[] = [];
    const app = renderApp({
      path: `/withdrawal-requests?withdrawal=${held.id}`,
      user: makeUser(ROLE.Admin),
      handler: (request) => {
        if (request.url === '/withdrawal-requests') return listed([held]);
        if (request.method === 'GET' && request.url === `/withdrawal-requests/${held.id}`)
          return { status: 200, data: detail };
        if (request.method === 'POST') {
          posted.push({ url: request.url, body: request.data });
          return { status: 200, data: { ...detail, status: 'awaiting_confirmation' } };
        }
        return null;
      },
    });
    restore = app.http.restore;
    const dialog = await screen.findByRole('dialog', { name: 'Withdrawal PAYOUT-7' });
    expect(await within(dialog).findByText('Walk Tester')).toBeInTheDocument();
    expect(within(dialog).getByText('PT TOKO MAJU')).toBeInTheDocument();
    expect(within(dialog).getByText('Does not match (12/100)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reject name PAYOUT-7' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Approve name PAYOUT-7' }));
    const ask = await screen.findByRole('dialog', { name: "Approve the holder's name" });
    expect(within(ask).getByText(/“PT TOKO MAJU”; the merchant gave “Walk Tester”/)).toBeInTheDocument();
    await user.type(within(ask).getByLabelText(/How you checked/), 'Called the customer');
    await user.click(within(ask).getByRole('button', { name: 'Approve name' }));
    expect(await screen.findByText('PAYOUT-7: name approved; the customer may confirm.')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        url: `/withdrawal-requests/${held.id}/name-review`,
        body: { decision: 'approve', reason: 'Called the customer' },
      },
    ]);
  });

  it('shows the merchant the fee and what will be held as it types the amount', async () => {
    const user = userEvent.setup();
    const app = renderApp({
      path: '/withdrawal-requests',
      consoleKind: 'merchant',
      user: makeUser(ROLE.Merchant, {
        merchantId: MERCHANT_ID,
        merchantName: 'Toko Sinar',
        merchantBalance: { currency: 'IDR', available: '500000', pending: '0' },
        merchantWithdrawalFee: { percent: '1.00', fixed: '1000' },
      }),
      handler: (request) => {
        if (request.url === '/withdrawal-requests') return listed([]);
        return null;
      },
    });
    restore = app.http.restore;
    await user.click(await screen.findByRole('button', { name: 'Request withdrawal' }));
    const form = await screen.findByRole('dialog', { name: 'Request a withdrawal' });
    await user.type(within(form).getByRole('textbox', { name: /Amount/ }), '100000');
    expect(
      within(form).getByText(/^Fee IDR\s2,000: IDR\s102,000 will be held from your available balance\.$/),
    ).toBeInTheDocument();
  });

  it('lets the merchant request a withdrawal and cancel a pending one, with no operator actions', async () => {
    const detail: WithdrawalDetail = { ...aWithdrawal(), timeline: [], webhooks: [] };

    const app = renderApp({
      path: '/withdrawal-requests',
      consoleKind: 'merchant',
      user: makeUser(ROLE.Merchant, { merchantId: MERCHANT_ID, merchantName: 'Toko Sinar' }),
      handler: (request) => {
        if (request.url === '/withdrawal-requests' && request.method === 'GET') return listed([aWithdrawal()]);
        if (request.url.endsWith('/cancel')) return { status: 200, data: { ...detail, status: 'cancelled' } };
        return null;
      },
    });
    restore = app.http.restore;
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    expect(await within(table).findByRole('button', { name: 'Cancel request WD-ABC123' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Approve WD-ABC123' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request withdrawal' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Merchant' })).not.toBeInTheDocument();
  });

  it('lets the merchant end a test settlement with the test provider’s buttons in its detail', async () => {
    const user = userEvent.setup();
    const sending = aWithdrawal({ status: 'processing', livemode: false });
    let detail: WithdrawalDetail = { ...sending, timeline: [], webhooks: [] };
    const posted: { url: string; body: unknown }[] = [];
    const app = renderApp({
      path: `/withdrawal-requests?withdrawal=${sending.id}`,
      consoleKind: 'merchant',
      user: makeUser(ROLE.Merchant, { merchantId: MERCHANT_ID, merchantName: 'Toko Sinar' }),
      handler: (request) => {
        if (request.url === '/withdrawal-requests' && request.method === 'GET') return listed([sending]);
        if (request.url === `/withdrawal-requests/${sending.id}`) return { status: 200, data: detail };
        if (request.url === `/withdrawal-requests/${sending.id}/simulate`) {
          posted.push({
            url: request.url,
            body: typeof request.data === 'string' ? JSON.parse(request.data) : request.data,
          });
          detail = { ...detail, status: 'success' };
          return { status: 200, data: detail };
        }
        return null;
      },
    });
    restore = app.http.restore;
    const dialog = await screen.findByRole('dialog', { name: 'Withdrawal WD-ABC123' });
    const panel = await within(dialog).findByRole('region', { name: 'Test payout' });
    expect(within(dialog).getByText('Test mode: the test provider ends it')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Simulate paid' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toEqual({ outcome: 'paid' });
    // Ended: nothing is left to simulate.
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Simulate paid' })).not.toBeInTheDocument());
  });

  it('tells each step in words and shows the webhook deliveries of the withdrawal, with Resend', async () => {
    const user = userEvent.setup();
    const resent: string[] = [];
    const withdrawal = aWithdrawal({ status: 'failed', failureReason: 'destination_invalid' });
    const detail: WithdrawalDetail = {
      ...withdrawal,
      timeline: [
        {
          fromStatus: null,
          toStatus: 'pending_approval',
          reason: 'created',
          actorUserId: MERCHANT_ID,
          actor: { kind: 'merchant_user', name: 'Sari Finance' },
          details: null,
          createdAt: '2026-11-23T10:00:00.000Z',
        },
        {
          fromStatus: 'processing',
          toStatus: 'failed',
          reason: 'transfer_failed',
          actorUserId: null,
          actor: { kind: 'phone', name: 'Pixel-07' },
          details: null,
          createdAt: '2026-11-23T10:05:00.000Z',
        },
      ],
      webhooks: [
        {
          id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6e',
          endpointId: null,
          type: 'withdrawal.failed',
          status: 'failed',
          attempts: 1,
          nextAttemptAt: null,
          createdAt: '2026-11-23T10:05:00.000Z',
          deliveries: [{ attempt: 1, at: '2026-11-23T10:05:01.000Z', statusCode: 502, durationMs: 30, error: null }],
        },
      ],
    };
    const app = renderApp({
      path: `/withdrawal-requests?withdrawal=${withdrawal.id}`,
      user: makeUser(ROLE.Admin),
      handler: (request) => {
        if (request.url === '/withdrawal-requests' && request.method === 'GET') return listed([withdrawal]);
        if (request.url === `/withdrawal-requests/${withdrawal.id}`) return { status: 200, data: detail };
        if (request.method === 'POST' && request.url.startsWith('/webhook-events/')) {
          resent.push(request.url);
          return { status: 204 };
        }
        return null;
      },
    });
    restore = app.http.restore;
    const dialog = await screen.findByRole('dialog', { name: 'Withdrawal WD-ABC123' });
    expect(await within(dialog).findByText('The transfer failed')).toBeInTheDocument();
    expect(within(dialog).getByText('Created')).toBeInTheDocument();
    expect(within(dialog).getByText(/by Sari Finance \(merchant user\)/)).toBeInTheDocument();
    expect(within(dialog).getByText(/by the phone Pixel-07/)).toBeInTheDocument();
    expect(within(dialog).getByText('withdrawal.failed')).toBeInTheDocument();
    expect(within(dialog).getByText(/HTTP 502/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(resent).toEqual([`/webhook-events/${detail.webhooks[0]?.id}/resend`]));
  });

  it('filters by kind, keeping it in the address, so refunds alone can be listed and exported', async () => {
    const user = userEvent.setup();
    const asked: { kind?: unknown }[] = [];
    const app = renderApp({
      path: '/withdrawal-requests',
      user: makeUser(ROLE.Admin),
      handler: (request) => {
        if (request.url !== '/withdrawal-requests' || request.method !== 'GET') return null;
        asked.push(request.params);
        return listed([aWithdrawal({ kind: 'refund', paymentSessionId: MERCHANT_ID })]);
      },
    });
    restore = app.http.restore;
    await screen.findByRole('table', { name: 'Withdrawals' });
    await user.selectOptions(screen.getByLabelText('Kind'), 'refund');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ kind: 'refund' }));
    expect(app.location()).toContain('kind=refund');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });
});
