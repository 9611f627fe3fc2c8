import type { WithdrawView } from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderCustomerPage } from '../../../test/render-customer-page';

const ID = '7a6c1a2b-4d5e-4f60-8a71-b2c3d4e5f607';

function aView(overrides: Partial<WithdrawView> = {}): WithdrawView {
  return {
    id: ID,
    merchantName: 'Toko Sinar',
    referenceNumber: 'PAYOUT-1001',
    currency: 'IDR',
    amount: '250000',
    status: 'awaiting_confirmation',
    destination: { provider: 'bri', providerName: 'BRI', accountNumber: '002100012301', holderName: 'RINA KUSUMA' },
    // Two minutes left by the server's clock, whatever the phone's clock says.
    confirmDeadlineAt: '2030-01-01T00:02:00.000Z',
    lastError: null,
    failureReason: null,
    serverTime: '2030-01-01T00:00:00.000Z',
    returnUrl: null,
    embedOrigins: [],
    livemode: true,
    ...overrides,
  };
}

let replies: Record<string, () => { status: number; body: unknown }>;
const requests: string[] = [];

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${new URL(url).pathname}`;
      requests.push(key);
      const reply = replies[key]?.() ?? { status: 404, body: { error: { code: 'NOT_FOUND' } } };
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const open = () => renderCustomerPage(`/withdraw?withdrawal=${ID}`);
const page = `/public/withdrawals/${ID}`;

describe('the withdraw page', () => {
  it('shows the verified holder and the time left to confirm by the server’s clock, then the outcome of confirming', async () => {
    const user = userEvent.setup();
    replies = {
      [`GET ${page}`]: () => ({ status: 200, body: aView() }),
      [`POST ${page}/confirm`]: () => ({ status: 200, body: aView({ status: 'success', confirmDeadlineAt: null }) }),
    };
    open();
    expect(await screen.findByText('RINA KUSUMA')).toBeInTheDocument();
    expect(
      screen.getByText('Verification successful. Check the account holder above, then confirm.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/^(2:00|1:59)$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm Withdrawal' }));
    expect(await screen.findByText('Transaction completed successfully!')).toBeInTheDocument();
    expect(requests).toContain(`POST ${page}/confirm`);
  });

  it('says the holder name is being reviewed, with no confirm button, and why it failed when rejected', async () => {
    let state = aView({
      status: 'name_review',
      confirmDeadlineAt: null,
      destination: { ...aView().destination, holderName: null },
    });
    replies = { [`GET ${page}`]: () => ({ status: 200, body: state }) };
    open();
    expect(
      await screen.findByText(
        "We are reviewing the account holder's name. This usually takes a few minutes; you can keep this page open.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm Withdrawal' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Withdrawal' })).toBeInTheDocument();
    state = aView({ status: 'failed', failureReason: 'name_mismatch', confirmDeadlineAt: null });
    expect(
      await screen.findByText(
        "The account holder's name did not match the name Toko Sinar gave, so nothing was sent. Please contact Toko Sinar.",
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it('says which timeout sent the customer back, and verifies again on request', async () => {
    const user = userEvent.setup();
    let state = aView({ status: 'verifying', lastError: 'confirmation_timeout', confirmDeadlineAt: null });
    replies = {
      [`GET ${page}`]: () => ({ status: 200, body: state }),
      [`POST ${page}/verify`]: () => {
        state = aView({ status: 'verifying', destination: { ...state.destination, holderName: null } });
        return { status: 200, body: state };
      },
    };
    open();
    expect(await screen.findByText('Confirmation timeout. Please verify again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify Again' }));
    expect(await screen.findByText('Bank verification in progress…')).toBeInTheDocument();
    expect(screen.queryByText('Confirmation timeout. Please verify again.')).not.toBeInTheDocument();
  });

  it('marks a test withdrawal TEST and lets whoever tests end its transfer with the test provider’s buttons', async () => {
    const user = userEvent.setup();
    let state = aView({ livemode: false, status: 'processing', confirmDeadlineAt: null });
    replies = {
      [`GET ${page}`]: () => ({ status: 200, body: state }),
      [`POST ${page}/simulate`]: () => {
        state = aView({ livemode: false, status: 'uncertain', confirmDeadlineAt: null });
        return { status: 200, body: state };
      },
    };
    open();
    const panel = await screen.findByRole('region', { name: 'Test payout' });
    expect(within(panel).getByText('TEST')).toBeInTheDocument();
    for (const name of ['Simulate paid', 'Simulate paid late', 'Simulate uncertain', 'Simulate failed']) {
      expect(within(panel).getByRole('button', { name })).toBeInTheDocument();
    }
    await user.click(within(panel).getByRole('button', { name: 'Simulate uncertain' }));
    expect(requests.filter((r) => r.endsWith('/simulate'))).toEqual([`POST ${page}/simulate`]);
    // Uncertain: only an ending is left to simulate.
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: 'Simulate uncertain' })).not.toBeInTheDocument(),
    );
    expect(within(panel).getByRole('button', { name: 'Simulate paid' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Simulate failed' })).toBeInTheDocument();
  });

  it('shows no test panel on a live withdrawal', async () => {
    replies = {
      [`GET ${page}`]: () => ({ status: 200, body: aView({ status: 'processing', confirmDeadlineAt: null }) }),
    };
    open();
    expect(await screen.findByText('Your withdrawal is being processed…')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Test payout' })).not.toBeInTheDocument();
  });

  it('asks before cancelling; "No, Keep" keeps it and "Yes, Cancel" cancels it', async () => {
    const user = userEvent.setup();
    replies = {
      [`GET ${page}`]: () => ({ status: 200, body: aView() }),
      [`POST ${page}/cancel`]: () => ({
        status: 200,
        body: aView({ status: 'cancelled', confirmDeadlineAt: null, returnUrl: 'https://sinar.example.com/account' }),
      }),
    };
    open();
    await user.click(await screen.findByRole('button', { name: 'Cancel Withdrawal' }));
    expect(
      screen.getByText('Are you sure you want to cancel this withdrawal? This action cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No, Keep' }));
    expect(requests).not.toContain(`POST ${page}/cancel`);
    await user.click(screen.getByRole('button', { name: 'Cancel Withdrawal' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel' }));
    expect(await screen.findByText('Withdrawal cancelled successfully.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start New Transaction' })).toBeInTheDocument();
  });

  it('says to go back to the merchant when an ended withdrawal has no page to return to, instead of a button that does nothing', async () => {
    replies = {
      [`GET ${page}`]: () => ({ status: 200, body: aView({ status: 'cancelled', confirmDeadlineAt: null }) }),
    };
    open();
    expect(
      await screen.findByText('To withdraw again, go back to Toko Sinar and start a new withdrawal there.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start New Transaction' })).toBeNull();
  });

  it('says the confirmation failed when the server refuses it, and the spec’s message for a missing withdrawal', async () => {
    const user = userEvent.setup();
    replies = {
      [`GET ${page}`]: () => ({ status: 200, body: aView() }),
      [`POST ${page}/confirm`]: () => ({ status: 409, body: { error: { code: 'NO_ACCOUNT_AVAILABLE' } } }),
    };
    open();
    await user.click(await screen.findByRole('button', { name: 'Confirm Withdrawal' }));
    expect(await screen.findByText('Failed to confirm withdrawal. Please try again.')).toBeInTheDocument();
  });
});

describe('a refund whose payment named no account', () => {
  it('asks the customer for their account, tells a wrong number in their language, then verifies it', async () => {
    const user = userEvent.setup();
    const waiting = aView({
      status: 'awaiting_destination',
      confirmDeadlineAt: null,
      destination: { provider: 'dana', providerName: 'DANA', accountNumber: '', holderName: null },
    });
    const sent: unknown[] = [];
    let answers = 0;
    replies = {
      [`GET ${page}`]: () => ({ status: 200, body: waiting }),
      [`POST ${page}/destination`]: () => {
        answers += 1;
        return answers === 1
          ? {
              status: 422,
              body: { error: { code: 'VALIDATION_FAILED', message: 'x', fields: { 'body.accountNumber': 'x' } } },
            }
          : {
              status: 200,
              body: aView({
                status: 'verifying',
                confirmDeadlineAt: null,
                destination: { provider: 'bca', providerName: 'BCA', accountNumber: '8610012345', holderName: null },
              }),
            };
      },
    };
    const realFetch = fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (init?.body) sent.push(JSON.parse(String(init.body)));
      return realFetch(url, init);
    });
    open();
    expect(
      await screen.findByText('Toko Sinar is refunding you. Enter the account that should receive it.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Bank name')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/Bank or e-wallet/), 'bca');
    await user.type(screen.getByLabelText(/Account or mobile number/), '86');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter a valid BCA account or mobile number.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Account or mobile number/), '10012345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Bank verification in progress…')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ provider: 'bca', accountNumber: '8610012345' });
  });
});
