import {
  getWalletReconciliation,
  listReconciliationTransfers,
  listWallets,
  ROLE,
  runWalletChecks,
  SERVER_EVENTS,
  type WalletReconciliation,
} from '@gerbang/contract';
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

describe('DANA reconciliation', () => {
  it('flags a day whose phone moved more than the ledger, and opens the transfers behind it', async () => {
    const user = userEvent.setup();
    const day: WalletReconciliation = {
      walletAccountId: READY.id,
      label: READY.label,
      provider: 'dana',
      accountNumber: READY.accountNumber,
      currency: 'IDR',
      opening: { readAt: '2026-11-27T01:00:00.000Z', phoneBalance: '150000', ledgerCash: '0' },
      closing: { readAt: '2026-11-27T09:00:00.000Z', phoneBalance: '235000', ledgerCash: '80000' },
      phoneMoved: '85000',
      ledgerMoved: '80000',
      difference: '5000',
      status: 'difference',
      transfers: 1,
    };
    const app = renderApp({
      path: '/dana?reconciledOn=2026-11-27',
      user: makeUser(ROLE.Admin),
      handler: (request) => {
        if (request.url === getWalletReconciliation.path) return { status: 200, data: { items: [day] } };
        if (request.url === listReconciliationTransfers.path.replace(':id', READY.id)) {
          return {
            status: 200,
            data: {
              items: [
                {
                  id: '5d6e7f8a-9b0c-4d1e-8f2a-3b4c5d6e7f8a',
                  direction: 'in',
                  amount: '80000',
                  currency: 'IDR',
                  counterpartyName: 'Lina',
                  providerTransactionId: 'TRX-1',
                  occurredAt: '2026-11-27T03:00:00.000Z',
                },
              ],
            },
          };
        }
        return walletApi([READY])(request);
      },
    });
    restoreHttp = app.http.restore;
    const section = await screen.findByRole('region', { name: 'Reconciliation' });
    const row = (await within(section).findByText(READY.label)).closest('tr') as HTMLElement;
    expect(within(row).getByText(/IDR\s?5,000/)).toBeInTheDocument();
    expect(app.http.requests.find((r) => r.url === getWalletReconciliation.path)?.params).toEqual({
      date: '2026-11-27',
    });
    await user.click(within(row).getByRole('button', { name: 'Show transfers (1)' }));
    expect(await screen.findByText(/IDR\s?80,000 in from Lina/)).toBeInTheDocument();
  });
});
