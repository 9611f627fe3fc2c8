import { type ApiLogDetail, listApiLogs, listMerchants, ROLE } from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StubRequest } from '../../../test/http-stub';
import { aMerchant } from '../../../test/merchant-fixture';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/user-fixture';

const MERCHANT_ID = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
const OPENED: ApiLogDetail = {
  id: '7',
  createdAt: '2026-01-01T00:00:00.000Z',
  merchantId: MERCHANT_ID,
  method: 'POST',
  route: '/v1/payment-sessions',
  url: '/v1/payment-sessions',
  status: 201,
  durationMs: 12.4,
  tokenId: '0b3f2c9e-8a51-4c2d-9e3a-5d6f7a8b9c0d',
  tokenPrefix: 'gbk_Ab12Cd34',
  tokenName: 'Checkout server',
  idempotencyKey: 'order-1001',
  requestId: '3f2b8c1e-1111-4222-8333-944455556666',
  ip: '203.0.113.7',
  requestBody: { referenceNumber: 'INV-1001', amount: '25000', customer: { name: '[redacted]', phone: '••••6789' } },
  responseBody: { id: 'c4a9d2e0-1111-4222-8333-944455556666', status: 'created' },
};
const REFUSED = { ...OPENED, id: '8', status: 422, idempotencyKey: null, requestBody: { amount: 'ten' } };

let restore = () => {};
afterEach(() => restore());

function open(path: string, roleId: (typeof ROLE)[keyof typeof ROLE], consoleKind: 'admin' | 'merchant') {
  const seen: StubRequest[] = [];
  const app = renderApp({
    path,
    user: makeUser(roleId, roleId === ROLE.Merchant ? { merchantId: MERCHANT_ID } : {}),
    consoleKind,
    handler: (request) => {
      if (request.url === listApiLogs.path) {
        seen.push(request);
        return {
          status: 200,
          data: { items: [REFUSED, OPENED].map(({ requestBody, responseBody, ...e }) => e), nextCursor: null },
        };
      }
      if (request.url === '/api-logs/7') return { status: 200, data: OPENED };
      if (request.url === listMerchants.path) {
        return { status: 200, data: { items: [aMerchant({ id: MERCHANT_ID, name: 'Toko Demo' })], nextCursor: null } };
      }
      return null;
    },
  });
  restore = app.http.restore;
  return { app, seen };
}

describe('API request log', () => {
  it("lists a merchant's requests with their status and opens one with its redacted bodies", async () => {
    const user = userEvent.setup();
    const { app, seen } = open('/api-logs', ROLE.Merchant, 'merchant');
    const table = await screen.findByRole('table', { name: 'API request log' });
    const row = (await within(table).findByText('201')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('POST /v1/payment-sessions');
    expect(row).toHaveTextContent('12.4 ms');
    expect(row).toHaveTextContent('gbk_Ab12Cd34…');
    expect(within(table).getByText('422')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'GENERAL' });
    expect(within(nav).getByRole('link', { name: 'API Logs' })).toHaveAttribute('aria-current', 'page');

    await user.selectOptions(screen.getByLabelText('Status'), 'Refused (4xx)');
    await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ statusClass: '4xx' }));
    expect(seen.at(-1)?.params.merchantId).toBeUndefined();

    await user.click(within(row).getByRole('button', { name: /^Details of POST/ }));
    const dialog = await screen.findByRole('dialog', { name: 'API request' });
    expect(app.location()).toBe('/api-logs?request=7');
    expect(within(dialog).getByText('order-1001')).toBeInTheDocument();
    expect(within(dialog).getByText(/"phone": "••••6789"/)).toBeInTheDocument();
    expect(within(dialog).getByText(/"status": "created"/)).toBeInTheDocument();
  });

  it('says what is wrong with a request id instead of asking with it', async () => {
    const user = userEvent.setup();
    const { seen } = open('/api-logs', ROLE.Merchant, 'merchant');
    await user.type(await screen.findByLabelText('Request ID'), 'not-an-id');
    expect(await screen.findByText(/A request ID looks like/)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(seen.every((request) => request.params.requestId === undefined)).toBe(true);
  });

  it("lets support open a merchant's log from its row in the admin console, a request's detail in place", async () => {
    const user = userEvent.setup();
    const { seen } = open('/merchant', ROLE.Staff, 'admin');
    await user.click(await screen.findByRole('button', { name: 'API logs of Toko Demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'API requests of Toko Demo' });
    const row = (await within(dialog).findByText('201')).closest('tr') as HTMLElement;
    await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ merchantId: MERCHANT_ID }));
    await user.click(within(row).getByRole('button', { name: /^Details of POST/ }));
    expect(await within(dialog).findByText('order-1001')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back to the list' }));
    expect(await within(dialog).findByRole('table', { name: 'API request log' })).toBeInTheDocument();
  });
});
