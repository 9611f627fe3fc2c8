import type { DepositView, PaymentInstructions } from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderCustomerPage } from '../../../test/render-customer-page';

const ID = '3f6c1a2b-4d5e-4f60-8a71-b2c3d4e5f607';

function aView(overrides: Partial<DepositView> = {}): DepositView {
  return {
    id: ID,
    merchantName: 'Toko Sinar',
    referenceNumber: 'INV-1001',
    currency: 'IDR',
    amount: '150000',
    discountAmount: '0',
    extraFee: '0',
    finalAmount: '150000',
    status: 'created',
    methods: ['dana', 'livin'],
    method: null,
    instructions: null,
    expiresAt: '2030-01-01T00:15:00.000Z',
    // The server's clock: the phone's clock is ignored for the countdown.
    serverTime: '2030-01-01T00:00:00.000Z',
    returnUrl: 'https://sinar.example.com/orders/1001',
    embedOrigins: ['https://sinar.example.com'],
    livemode: true,
    ...overrides,
  };
}

/** A Livin' account's transfer details, as the server gives them. */
const LIVIN_DETAILS: PaymentInstructions = {
  kind: 'bank',
  provider: 'livin',
  bankName: 'Bank Mandiri',
  accountNumber: '1234567890123',
  holderName: 'PT Toko Sinar',
};

type Reply = { status: number; body: unknown };
let replies: Record<string, () => Reply>;
const requests: { method: string; url: string; body?: string }[] = [];

/** The deposit page calls the public API with fetch and listens with EventSource: both stubbed. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, (event: { data: string }) => void>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: { data: string }) => void) {
    this.listeners.set(type, listener);
  }
  close() {}
  emit(type: string, data: object) {
    this.listeners.get(type)?.({ data: JSON.stringify(data) });
  }
}

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url).pathname;
      const method = init?.method ?? 'GET';
      requests.push({ method, url: path, body: init?.body as string | undefined });
      const reply = replies[`${method} ${path}`]?.() ?? { status: 404, body: { error: { code: 'NOT_FOUND' } } };
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const open = () => renderCustomerPage(`/deposit?session=${ID}`);

/**
 * A session awaiting the customer's transfer, as the server answers it; 'I Have Transferred'
 * moves it to processing. Returns its state, for a test to move it on.
 */
function awaitingTransfer(overrides: Partial<DepositView>) {
  const session: { status: DepositView['status'] } = { status: 'awaiting_payment' };
  const view = () => aView({ ...overrides, status: session.status });
  replies = {
    [`GET /public/deposits/${ID}`]: () => ({ status: 200, body: view() }),
    [`POST /public/deposits/${ID}/transferred`]: () => {
      session.status = 'processing';
      return { status: 200, body: view() };
    },
  };
  return session;
}

describe('the deposit page', () => {
  it('shows what to pay and the merchant’s methods, then a QR and the time left by the server’s clock', async () => {
    const user = userEvent.setup();
    replies = {
      [`GET /public/deposits/${ID}`]: () => ({ status: 200, body: aView() }),
      [`POST /public/deposits/${ID}/method`]: () => ({
        status: 200,
        body: aView({
          status: 'awaiting_payment',
          method: 'dana',
          discountAmount: '1',
          finalAmount: '149999',
          instructions: { kind: 'qr', provider: 'dana', qr: '000201010212', accountName: 'Toko Sinar' },
        }),
      }),
    };
    await open();
    expect(await screen.findByText('INV-1001')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay with DANA' }));
    expect(await screen.findByRole('img', { name: /QR code to pay .*149[.,]999 with DANA/ })).toBeInTheDocument();
    expect(JSON.parse(requests.find((r) => r.method === 'POST')?.body ?? '{}')).toEqual({ method: 'dana' });
    // 15 minutes by the server's clock, whatever this machine's clock says.
    expect(screen.getByText(/^1[45]:\d\d$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I Have Transferred' })).toBeInTheDocument();
  });

  it('says the QR is not available when no account can take the method, and lets the customer choose another', async () => {
    const user = userEvent.setup();
    replies = {
      [`GET /public/deposits/${ID}`]: () => ({ status: 200, body: aView() }),
      [`POST /public/deposits/${ID}/method`]: () => ({
        status: 409,
        body: { error: { code: 'NO_ACCOUNT_AVAILABLE', message: 'x' } },
      }),
    };
    await open();
    await user.click(await screen.findByRole('button', { name: 'Pay with DANA' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to retrieve QR code; QR code not available.');
    await user.click(screen.getByRole('button', { name: "Pay with Livin' by Mandiri" }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load bank options.');
  });

  it('shows bank details with copy buttons for a bank method', async () => {
    replies = {
      [`GET /public/deposits/${ID}`]: () => ({
        status: 200,
        body: aView({
          status: 'awaiting_payment',
          method: 'livin',
          instructions: { ...LIVIN_DETAILS, holderName: 'Siti Rahayu' },
        }),
      }),
    };
    await open();
    expect(await screen.findByText('1234567890123')).toBeInTheDocument();
    expect(screen.getByText('Bank Mandiri')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy account number' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy final payment' })).toBeInTheDocument();
  });

  it('offers the three ways to pay a Maya account, each with its own instructions', async () => {
    const user = userEvent.setup();
    replies = {
      [`GET /public/deposits/${ID}`]: () => ({
        status: 200,
        body: aView({
          currency: 'PHP',
          finalAmount: '250.50',
          methods: ['maya'],
          status: 'awaiting_payment',
          method: 'maya',
          instructions: {
            kind: 'maya',
            provider: 'maya',
            ways: ['maya_to_maya_phone_number', 'maya_to_maya_qr', 'maya_to_bank'],
            phoneNumber: '09171234567',
            accountName: 'Juan Dela Cruz',
            bankName: 'Maya Bank, Inc.',
            qr: '000201010212',
          },
        }),
      }),
    };
    await open();
    const ways = await screen.findByRole('group', { name: 'How will you pay?' });
    // By phone number first: the number to send to, and the amount.
    expect(within(ways).getByRole('radio', { name: 'Maya to Maya: send to a phone number' })).toBeChecked();
    expect(screen.getByText(/send exactly the final payment to this phone number/)).toBeInTheDocument();
    expect(screen.getByText('09171234567')).toBeInTheDocument();
    await user.click(within(ways).getByRole('radio', { name: 'Maya to Maya: scan a QR code' }));
    expect(await screen.findByRole('img', { name: /QR code to pay .*250\.50 with Maya/ })).toBeInTheDocument();
    await user.click(within(ways).getByRole('radio', { name: 'From another bank (InstaPay)' }));
    expect(screen.getByText(/by InstaPay to this Maya Bank account/)).toBeInTheDocument();
    expect(screen.getByText('Maya Bank, Inc.')).toBeInTheDocument();
    expect(screen.getByText('Juan Dela Cruz')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy final payment' })).toBeInTheDocument();
  });

  it("moves to processing on 'I Have Transferred', then to success when the server says so", async () => {
    const user = userEvent.setup();
    const session = awaitingTransfer({
      method: 'dana',
      instructions: { kind: 'qr', provider: 'dana', qr: '000201010212', accountName: 'T' },
    });
    await open();
    await user.click(await screen.findByRole('button', { name: 'I Have Transferred' }));
    expect(await screen.findByText('Payment under processing')).toBeInTheDocument();
    session.status = 'success';
    FakeEventSource.last?.emit('status', { status: 'success' });
    expect(await screen.findByText('Transaction completed successfully!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Toko Sinar' })).toHaveAttribute(
      'href',
      'https://sinar.example.com/orders/1001',
    );
  });

  it("keeps where to pay and the time left reachable after 'I Have Transferred', after a reload too", async () => {
    const user = userEvent.setup();
    // The server keeps the instructions while the session waits for the transfer.
    awaitingTransfer({
      method: 'livin',
      instructions: LIVIN_DETAILS,
    });
    const first = await open();
    await user.click(await screen.findByRole('button', { name: 'I Have Transferred' }));
    expect(await screen.findByText('Payment under processing')).toBeInTheDocument();
    await user.click(screen.getByText('Payment details and time left'));
    expect(screen.getByText('1234567890123')).toBeVisible();
    expect(screen.getByText('Time remaining')).toBeVisible();
    first.unmount();

    await open();
    expect(await screen.findByText('Payment under processing')).toBeInTheDocument();
    await user.click(screen.getByText('Payment details and time left'));
    expect(screen.getByText('1234567890123')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'I Have Transferred' })).toBeNull();
  });

  it('reads the session once on opening, and again only when the server reports another state', async () => {
    let status: DepositView['status'] = 'created';
    replies = { [`GET /public/deposits/${ID}`]: () => ({ status: 200, body: aView({ status }) }) };
    await open();
    await screen.findByText('INV-1001');
    // Reads of the session itself (an expired page also asks for its claims).
    const reads = () => requests.filter((r) => r.method === 'GET' && r.url === `/public/deposits/${ID}`).length;
    // The stream opens by naming the state the page already shows.
    FakeEventSource.last?.emit('status', { status: 'created' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toBe(1);
    status = 'expired';
    FakeEventSource.last?.emit('status', { status: 'expired' });
    expect(await screen.findByText("Time-out: We haven't received your payment.")).toBeInTheDocument();
    expect(reads()).toBe(2);
  });

  it.each([
    ['expired', "Time-out: We haven't received your payment."],
    ['failed', 'Payment failed. Please try again.'],
  ] as const)('tells a customer whose session is %s', async (status, message) => {
    replies = { [`GET /public/deposits/${ID}`]: () => ({ status: 200, body: aView({ status }) }) };
    await open();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('says the session is missing when the link has none or names an unknown one', async () => {
    replies = {};
    await renderCustomerPage('/deposit');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Missing required parameters, or the payment session doesn't exist or has expired.",
    );
    await open();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(within(screen.getAllByRole('alert')[1] as HTMLElement).getByText(/doesn't exist/)).toBeInTheDocument();
  });

  it('lets a customer whose payment timed out claim it, names a wrong field in their language, then says it is being checked', async () => {
    const user = userEvent.setup();
    const filed = {
      id: '8f9a0b1c-2d3e-4f5a-8b6c-7d8e9f0a1b2c',
      status: 'open',
      senderName: 'Lina',
      sentAt: '2026-11-27T01:00:00.000Z',
      amount: '150000',
      hasProof: false,
      message: null,
      createdAt: '2026-11-27T01:10:00.000Z',
      resolvedAt: null,
    };
    let attempts = 0;
    replies = {
      [`GET /public/deposits/${ID}`]: () => ({ status: 200, body: aView({ status: 'expired' }) }),
      [`GET /public/deposits/${ID}/claims`]: () => ({ status: 200, body: [] }),
      [`POST /public/deposits/${ID}/claims`]: () => {
        attempts += 1;
        return attempts === 1
          ? { status: 422, body: { error: { code: 'VALIDATION_FAILED', fields: { 'body.amount': 'Bad' } } } }
          : { status: 201, body: [filed] };
      },
    };
    await open();
    await user.click(await screen.findByRole('button', { name: 'I paid but it is not confirmed' }));
    await user.type(screen.getByLabelText(/Name on the account you paid from/), 'Lina');
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    expect(await screen.findByText('Enter the amount you sent, such as 150000.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    expect(
      await screen.findByText('We received your claim and are checking it. The answer will show here.'),
    ).toBeInTheDocument();
    const sent = JSON.parse(requests.filter((r) => r.method === 'POST').at(-1)?.body ?? '{}');
    expect(sent).toMatchObject({ senderName: 'Lina', amount: '150000' });
    expect(screen.queryByRole('button', { name: 'Send claim' })).not.toBeInTheDocument();
  });

  it('marks a test session TEST and lets whoever tests pay it with the test provider’s buttons', async () => {
    const user = userEvent.setup();
    const session = awaitingTransfer({
      livemode: false,
      method: 'livin',
      instructions: { ...LIVIN_DETAILS, bankName: 'TEST', accountNumber: '0000000000', holderName: 'GERBANG TEST' },
    });
    replies[`POST /public/deposits/${ID}/simulate`] = () => {
      session.status = 'success';
      return { status: 200, body: aView({ livemode: false, status: 'success' }) };
    };
    await open();
    const panel = await screen.findByRole('region', { name: 'Test payment' });
    expect(within(panel).getByText('TEST')).toBeInTheDocument();
    expect(within(panel).getByText(/This is a test payment: no money moves/)).toBeInTheDocument();
    for (const name of ['Simulate paid', 'Simulate paid late', 'Simulate wrong amount', 'Simulate failed']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Simulate paid' }));
    expect(await screen.findByText('Transaction completed successfully!')).toBeInTheDocument();
    const sent = requests.find((r) => r.url.endsWith('/simulate'));
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ outcome: 'paid' });
    // A paid test session offers no more outcomes, and never a claim.
    expect(screen.queryByRole('button', { name: 'Simulate paid' })).not.toBeInTheDocument();
  });

  it('shows no test buttons on a live session', async () => {
    awaitingTransfer({ method: 'livin', instructions: LIVIN_DETAILS });
    await open();
    expect(await screen.findByText('1234567890123')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Simulate paid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Test payment' })).not.toBeInTheDocument();
  });
});
