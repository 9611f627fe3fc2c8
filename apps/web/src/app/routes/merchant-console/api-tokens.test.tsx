import {
  type ApiToken,
  apiTokenPolicy,
  createApiToken,
  listApiTokens,
  ROLE,
  revokeApiToken,
  updateApiTokenPolicy,
} from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StubRequest, StubResponse } from '../../../test/http-stub';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/user-fixture';

const MERCHANT_USER = makeUser(ROLE.Merchant, { merchantId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6' });

function aToken(overrides: Partial<ApiToken> = {}): ApiToken {
  return {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    name: 'Checkout server',
    prefix: 'gbk_Ab12Cd34',
    scopes: ['payments:write', 'payments:read'],
    allowedNetworks: [],
    status: 'active',
    expiresAt: null,
    lastUsedAt: null,
    revokedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

let restore = () => {};
afterEach(() => restore());

function open(replies: Record<string, (request: StubRequest) => StubResponse>) {
  const app = renderApp({
    path: '/api-tokens',
    consoleKind: 'merchant',
    user: MERCHANT_USER,
    handler: (request) => replies[`${request.method} ${request.url}`]?.(request) ?? null,
  });
  restore = app.http.restore;
  return app;
}

describe('API Tokens (merchant console)', () => {
  it('creates a token with the chosen scopes and shows its secret once', async () => {
    const user = userEvent.setup();
    const app = open({
      [`GET ${listApiTokens.path}`]: () => ({ status: 200, data: { items: [], nextCursor: null } }),
      [`POST ${createApiToken.path}`]: () => ({
        status: 201,
        data: { ...aToken({ name: 'Shop backend' }), secret: 'gbk_the-secret-shown-once' },
      }),
    });
    expect(await screen.findByText('No API tokens yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create API token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API token' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Shop backend');
    await user.click(within(dialog).getByLabelText(/balance:read/));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const reveal = await screen.findByRole('dialog', { name: 'Shop backend created' });
    expect(within(reveal).getByLabelText('API token')).toHaveValue('gbk_the-secret-shown-once');
    expect(within(reveal).getByRole('alert')).toHaveTextContent('It will not be shown again.');
    const sent = app.http.requests.find((request) => request.method === 'POST')?.data as Record<string, unknown>;
    expect(sent).toMatchObject({ name: 'Shop backend', scopes: ['payments:write', 'payments:read', 'balance:read'] });
    expect(Date.parse(sent.expiresAt as string) - Date.now()).toBeGreaterThan(89 * 86_400_000);
    await user.click(within(reveal).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue('gbk_the-secret-shown-once')).not.toBeInTheDocument());
  });

  it('lists tokens with their state and revokes one after confirmation', async () => {
    const user = userEvent.setup();
    const token = aToken({ lastUsedAt: '2026-02-01T10:00:00.000Z' });
    const app = open({
      [`GET ${listApiTokens.path}`]: () => ({
        status: 200,
        data: {
          items: [
            token,
            aToken({
              id: 'b1b2b3b4-0000-4000-8000-000000000000',
              name: 'Old',
              prefix: 'gbk_Zz99Yy88',
              status: 'revoked',
            }),
          ],
          nextCursor: null,
        },
      }),
      [`DELETE ${revokeApiToken.path.replace(':id', token.id)}`]: () => ({
        status: 200,
        data: { ...token, status: 'revoked', revokedAt: '2026-03-01T00:00:00.000Z' },
      }),
    });
    const table = await screen.findByRole('table', { name: 'API Tokens' });
    expect(await within(table).findByText('gbk_Ab12Cd34…')).toBeInTheDocument();
    expect(within(table).getByText('Revoked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke Old' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke Checkout server' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(app.http.requests.some((request) => request.method === 'DELETE')).toBe(true));
  });

  it('sends the allowed networks typed one per line, lists them, and sets the money-out requirement', async () => {
    const user = userEvent.setup();
    const app = open({
      [`GET ${listApiTokens.path}`]: () => ({
        status: 200,
        data: { items: [aToken({ allowedNetworks: ['203.0.113.0/24'] })], nextCursor: null },
      }),
      [`GET ${apiTokenPolicy.path}`]: () => ({
        status: 200,
        data: { allowlistRequiredForMoneyOut: false, requiredByOperator: false },
      }),
      [`PUT ${updateApiTokenPolicy.path}`]: () => ({
        status: 200,
        data: { allowlistRequiredForMoneyOut: true, requiredByOperator: false },
      }),
      [`POST ${createApiToken.path}`]: () => ({ status: 201, data: { ...aToken(), secret: 'gbk_secret' } }),
    });
    const table = await screen.findByRole('table', { name: 'API Tokens' });
    expect(await within(table).findByText('203.0.113.0/24')).toBeInTheDocument();

    const requirement = await screen.findByRole('checkbox', { name: /Require allowed networks/ });
    await user.click(requirement);
    await waitFor(() => expect(requirement).toBeChecked());
    expect(app.http.requests.find((r) => r.method === 'PUT')?.data).toEqual({ allowlistRequiredForMoneyOut: true });

    await user.click(screen.getByRole('button', { name: 'Create API token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API token' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Payouts');
    await user.type(within(dialog).getByLabelText(/^Allowed networks/), '203.0.113.0/24{Enter}2001:db8::/32');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    await screen.findByRole('dialog', { name: 'Checkout server created' });
    const sent = app.http.requests.find((request) => request.method === 'POST')?.data as Record<string, unknown>;
    expect(sent.allowedNetworks).toEqual(['203.0.113.0/24', '2001:db8::/32']);
  });
});
