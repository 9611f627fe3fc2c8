import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leavePageFor } from '../../../lib/leave-page';
import { renderCustomerPage } from '../../../test/render-customer-page';

// The browser leaving for the deposit page is not something jsdom can do.
vi.mock('../../../lib/leave-page', () => ({ leavePageFor: vi.fn() }));

type Sent = { url: string; body: unknown; key: string | null };
let sent: Sent[];
let reply: () => { status: number; body: unknown };

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      sent.push({
        url: new URL(url).pathname,
        body: JSON.parse(String(init.body)),
        key: headers.get('idempotency-key'),
      });
      const { status, body } = reply();
      return new Response(JSON.stringify(body), { status });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(leavePageFor).mockClear();
});

const PAYMENT_URL = 'http://localhost:3000/deposit?session=3f6c1a2b-4d5e-4f60-8a71-b2c3d4e5f607';

describe('Request Transaction', () => {
  it('takes the code and amount from the link, opens the payment only when asked, and goes to its deposit page', async () => {
    const user = userEvent.setup();
    reply = () => ({
      status: 201,
      body: { sessionId: '3f6c1a2b-4d5e-4f60-8a71-b2c3d4e5f607', paymentUrl: PAYMENT_URL },
    });
    await renderCustomerPage('/request-transaction?merchant=TOKO-SINAR&amount=150000');
    expect(await screen.findByLabelText(/Merchant code/)).toHaveValue('TOKO-SINAR');
    expect(screen.getByLabelText(/Amount/)).toHaveValue('150000');
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith(PAYMENT_URL));
    expect(sent).toEqual([
      { url: '/public/payment-links', body: { merchantCode: 'TOKO-SINAR', amount: '150000' }, key: expect.any(String) },
    ]);
  });

  it('says which input is wrong, and sends a retry of the same payment with the same key', async () => {
    const user = userEvent.setup();
    reply = () => ({
      status: 422,
      body: { error: { code: 'VALIDATION_FAILED', message: 'x', fields: { 'body.merchantCode': 'x' } } },
    });
    await renderCustomerPage('/request-transaction');
    await user.type(await screen.findByLabelText(/Merchant code/), 'NOPE');
    await user.type(screen.getByLabelText(/Amount/), '150000');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText(/No merchant with this code takes payments here/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.key).toBe(sent[0]?.key);
    await user.type(screen.getByLabelText(/Merchant code/), 'X');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]?.key).not.toBe(sent[0]?.key);
    expect(leavePageFor).not.toHaveBeenCalled();
  });

  it('asks the customer to wait when their network opened too many payments', async () => {
    const user = userEvent.setup();
    reply = () => ({ status: 429, body: { error: { code: 'RATE_LIMITED', message: 'x' } } });
    await renderCustomerPage('/request-transaction?merchant=TOKO&amount=1');
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many payments were opened from your network.');
  });
});
