import { listWallets, ROLE, runWalletChecks, SERVER_EVENTS } from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/user-fixture';
import { emitServerEvent } from '../devices/device-test-support';
import { aWallet, walletApi } from './wallet-test-support';

let restoreHttp: () => void = () => undefined;
afterEach(() => restoreHttp());

const READY = aWallet();
const BLOCKED = aWallet({
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  label: 'DANA Bandung',
  accountNumber: '081200000002',
  loginStatus: 'session_expired',
  healthState: 'failing',
  readiness: {
    isReady: false,
    canReceive: false,
    canSend: false,
    reasons: ['not_logged_in', 'health_failing'],
    isForceActiveInEffect: false,
  },
});

function openDashboard(roleId: 1 | 2 = ROLE.Admin, extra = {}) {
  const app = renderApp({ path: '/dana', user: makeUser(roleId), handler: walletApi([READY, BLOCKED], { extra }) });
  restoreHttp = app.http.restore;
  return app;
}

describe('the DANA dashboard', () => {
  it('lists the accounts with their state in words and why one cannot take money', async () => {
    openDashboard();
    const row = (await screen.findByRole('link', { name: 'DANA Bandung' }, { timeout: 5_000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('Session expired')).toBeInTheDocument();
    expect(within(row).getByText('Not ready')).toBeInTheDocument();
    expect(within(row).getByText('not logged in, a check is failing')).toBeInTheDocument();
    const ready = screen.getByRole('link', { name: 'DANA Jakarta' }).closest('tr') as HTMLElement;
    expect(within(ready).getByText('Ready')).toBeInTheDocument();
    expect(screen.getByText('DANA accounts')).toBeInTheDocument();
  });

  it('reads again only the account an event names, and shows what the server now says', async () => {
    const accounts = [READY, BLOCKED];
    const app = renderApp({
      path: '/dana',
      user: makeUser(ROLE.Admin),
      handler: (request) => {
        if (request.method === 'GET' && request.url === listWallets.path) {
          return { status: 200, data: { items: accounts, nextCursor: null } };
        }
        return walletApi(accounts)(request);
      },
    });
    restoreHttp = app.http.restore;
    const row = (await screen.findByRole('link', { name: 'DANA Bandung' }, { timeout: 5_000 })).closest(
      'tr',
    ) as HTMLElement;
    const calls = () => app.http.requests.filter((r) => r.url === listWallets.path).length;
    const before = calls();
    accounts[1] = aWallet({ ...BLOCKED, loginStatus: 'logged_in', healthState: 'healthy', readiness: READY.readiness });
    await emitServerEvent(SERVER_EVENTS.walletRefresh, { accountIds: [BLOCKED.id] });
    await waitFor(() => expect(within(row).getByText('Ready')).toBeInTheDocument());
    expect(within(row).getByText('Logged in')).toBeInTheDocument();
    expect(calls()).toBe(before + 1);
  });

  it('runs the chosen check on the selected accounts', async () => {
    const user = userEvent.setup();
    const app = openDashboard(ROLE.Admin, {
      [`POST ${runWalletChecks.path}`]: () => ({ status: 200, data: { started: [], skipped: [] } }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select DANA Bandung' }, { timeout: 5_000 }));
    await user.selectOptions(screen.getByLabelText('Check'), 'get_balance');
    await user.click(screen.getByRole('button', { name: 'Run on 1 account' }));
    await waitFor(() =>
      expect(app.http.requests.find((r) => r.method === 'POST' && r.url === runWalletChecks.path)?.data).toEqual({
        accountIds: [BLOCKED.id],
        type: 'get_balance',
      }),
    );
  });

  it('gives Staff the list without ways to add accounts or run checks', async () => {
    openDashboard(ROLE.Staff);
    await screen.findByRole('link', { name: 'DANA Jakarta' }, { timeout: 5_000 });
    expect(screen.queryByRole('button', { name: 'Add account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
