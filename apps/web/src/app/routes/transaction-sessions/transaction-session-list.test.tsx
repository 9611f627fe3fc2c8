import { listPaymentSessions, type OperatorPaymentSession, ROLE } from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StubRequest } from '../../../test/http-stub';
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
  merchantId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
  merchantName: 'Toko Sinar',
  walletAccountId: '8e2f3a4b-5c6d-4e7f-8091-a2b3c4d5e6f7',
};

let restore = () => {};
afterEach(() => restore());

describe('Transaction Session (admin console)', () => {
  it("lists every merchant's sessions and filters them by status", async () => {
    const user = userEvent.setup();
    const seen: StubRequest[] = [];
    const app = renderApp({
      path: '/transaction-session',
      user: makeUser(ROLE.Staff),
      handler: (request) => {
        if (request.url !== listPaymentSessions.path) return null;
        seen.push(request);
        return { status: 200, data: { items: [SESSION], nextCursor: null } };
      },
    });
    restore = app.http.restore;
    const table = await screen.findByRole('table', { name: 'Payment sessions' });
    const row = (await within(table).findByText('INV-1001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Toko Sinar')).toBeInTheDocument();
    expect(within(row).getByText('Success')).toBeInTheDocument();
    expect(within(row).getByText(/149[.,]999/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'expired');
    await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ status: 'expired' }));
  });
});
