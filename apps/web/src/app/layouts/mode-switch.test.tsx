import { listApiTokens, ROLE } from '@gerbang/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setConsoleMode } from '../../lib/console-mode';
import { renderApp } from '../../test/render-app';
import { makeUser } from '../../test/user-fixture';

const OWNER = makeUser(ROLE.Merchant, { merchantId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6' });
const token = (name: string, prefix: string) => ({
  id: crypto.randomUUID(),
  name,
  prefix,
  scopes: ['payments:write'],
  allowedNetworks: [],
  status: 'active',
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
});

let restore = () => {};

/** The API Tokens page, whose server answers with a live token, or a test one in test mode. */
function openApiTokens() {
  const app = renderApp({
    path: '/api-tokens',
    consoleKind: 'merchant',
    user: OWNER,
    handler: (request) =>
      request.url === listApiTokens.path
        ? {
            status: 200,
            data: {
              items: [request.mode === 'test' ? token('Sandbox', 'gbk_test_ab12cd34') : token('Shop', 'gbk_9f8e7d6c')],
              nextCursor: null,
            },
          }
        : null,
  });
  restore = app.http.restore;
  return app;
}
afterEach(() => {
  restore();
  setConsoleMode('live');
});

describe('the merchant console’s Test/Live switch', () => {
  it('switches to test mode: a banner says so, and the pages read test mode’s data', async () => {
    const user = userEvent.setup();
    const app = openApiTokens();
    expect(await screen.findByText('Shop')).toBeInTheDocument();
    expect(screen.queryByText(/You are looking at test data/)).not.toBeInTheDocument();

    const toggle = screen.getByRole('switch', { name: 'Test mode' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText(/You are looking at test data/)).toHaveTextContent(/^TEST MODE/);
    expect(await screen.findByText('Sandbox')).toBeInTheDocument();
    expect(screen.queryByText('Shop')).not.toBeInTheDocument();
    expect(app.http.requests.filter((r) => r.url === listApiTokens.path).map((r) => r.mode)).toEqual([null, 'test']);

    await user.click(toggle);
    expect(await screen.findByText('Shop')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/You are looking at test data/)).not.toBeInTheDocument());
  });

  it('follows a switch made in another tab of the console', async () => {
    openApiTokens();
    expect(await screen.findByText('Shop')).toBeInTheDocument();
    // The other tab writes the mode; this one hears of it through the storage event.
    localStorage.setItem('gerbang.console-mode', 'test');
    window.dispatchEvent(new StorageEvent('storage', { key: 'gerbang.console-mode', newValue: 'test' }));
    expect(await screen.findByText('Sandbox')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Test mode' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText(/You are looking at test data/)).toBeInTheDocument();
  });

  it('is not offered to operators', async () => {
    const app = renderApp({ path: '/proxy', user: makeUser(ROLE.Admin) });
    restore = app.http.restore;
    expect(await screen.findByRole('button', { name: /Ada Lovelace/ })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Test mode' })).not.toBeInTheDocument();
  });
});
