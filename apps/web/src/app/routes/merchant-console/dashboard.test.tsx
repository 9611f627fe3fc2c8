import { getMerchantStats, type MerchantStats, ROLE } from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StubRequest } from '../../../test/http-stub';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/user-fixture';

let restore = () => {};
afterEach(() => restore());

/** Fourteen days, oldest first; the last is today. */
function stats(today: Partial<MerchantStats['days'][number]>): MerchantStats {
  const days = Array.from({ length: 14 }, (_, i) => ({
    day: `2026-11-${String(10 + i).padStart(2, '0')}`,
    sessions: 0,
    ended: 0,
    succeeded: 0,
    volume: '0',
  }));
  days[12] = { ...days[12], sessions: 5, ended: 5, succeeded: 4, volume: '600000' } as MerchantStats['days'][number];
  days[13] = { ...days[13], ...today } as MerchantStats['days'][number];
  return { currency: 'IDR', timeZone: 'Asia/Jakarta', days, openWithdrawals: 2 };
}

const merchantUser = () => ({
  ...makeUser(ROLE.Merchant, { merchantId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6', merchantName: 'Toko Sinar' }),
  merchantBalance: { currency: 'IDR' as const, available: '1452500', pending: '0' },
});

describe('merchant Dashboard', () => {
  it("shows the merchant's available and pending balance in its currency", async () => {
    const user = {
      ...makeUser(ROLE.Merchant, { merchantId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6', merchantName: 'Toko Sinar' }),
      merchantBalance: { currency: 'IDR' as const, available: '1452500', pending: '0' },
    };
    const app = renderApp({ path: '/', consoleKind: 'merchant', user });
    restore = app.http.restore;
    expect(await screen.findByTestId('balance-available')).toHaveTextContent(/1[.,]452[.,]500/);
    expect(screen.getByTestId('balance-pending')).toHaveTextContent(/Rp|IDR/);
    expect(screen.getByRole('heading', { name: 'Available balance' })).toBeInTheDocument();
  });

  it('holds the balance cards in place with "…" until the balance is known (right after sign-in)', async () => {
    const { merchantBalance: _, ...signedIn } = merchantUser();
    const app = renderApp({ path: '/', consoleKind: 'merchant', user: signedIn });
    restore = app.http.restore;
    expect(await screen.findByTestId('balance-available')).toHaveTextContent('…');
    expect(screen.getByTestId('balance-pending')).toHaveTextContent('…');
    expect(screen.getByText('Available balance')).toBeInTheDocument();
  });

  it("shows today's volume, success rate and sessions, and the last 14 days as a chart with its table", async () => {
    const app = renderApp({
      path: '/',
      consoleKind: 'merchant',
      user: merchantUser(),
      handler: (request) =>
        request.url === getMerchantStats.path
          ? { status: 200, data: stats({ sessions: 4, ended: 3, succeeded: 2, volume: '200000' }) }
          : null,
    });
    restore = app.http.restore;
    await waitFor(() => expect(screen.getByTestId('today-volume')).toHaveTextContent(/200[.,]000/));
    expect(screen.getByTestId('today-successRate')).toHaveTextContent('66.7%');
    expect(screen.getByText('2 of the 3 sessions that ended today were paid.')).toBeInTheDocument();
    expect(screen.getByTestId('today-sessions')).toHaveTextContent('4');
    // The withdrawals still holding money sit beside the balances.
    expect(screen.getByTestId('balance-openWithdrawals')).toHaveTextContent('2');
    const table = await screen.findByRole('table', { name: 'Last 14 days' });
    expect(within(table).getAllByRole('row')).toHaveLength(15);
    expect(within(table).getByRole('row', { name: /Nov 22.*600[.,]000.*5.*80%/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Bar chart of the volume per day/ })).toBeInTheDocument();
  });

  it('shows no success rate before any session of the day ended', async () => {
    const app = renderApp({
      path: '/',
      consoleKind: 'merchant',
      user: merchantUser(),
      handler: (request) =>
        request.url === getMerchantStats.path ? { status: 200, data: stats({ sessions: 1 }) } : null,
    });
    restore = app.http.restore;
    await waitFor(() => expect(screen.getByTestId('today-successRate')).toHaveTextContent('—'));
  });

  it("holds the places of today's figures and the chart until they arrive, so the statement below does not move", async () => {
    let answer: (value: null) => void = () => undefined;
    const answered = new Promise<null>((resolve) => {
      answer = resolve;
    });
    const app = renderApp({
      path: '/',
      consoleKind: 'merchant',
      user: merchantUser(),
      handler: async (request) => {
        if (request.url !== getMerchantStats.path) return null;
        await answered;
        return { status: 200, data: stats({ sessions: 4, ended: 3, succeeded: 2, volume: '200000' }) };
      },
    });
    restore = app.http.restore;
    expect(await screen.findByTestId('today-volume')).toHaveTextContent('…');
    expect(screen.getByTestId('today-sessions')).toHaveTextContent('…');
    expect(screen.getByText('Of the sessions that ended today, how many were paid.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Last 14 days' })).toBeInTheDocument();
    answer(null);
    await waitFor(() => expect(screen.getByTestId('today-sessions')).toHaveTextContent('4'));
  });
});

describe('the statement', () => {
  it("downloads the merchant's statement for the days it picks, as instants of its browser's days", async () => {
    const user = userEvent.setup();
    const asked: StubRequest[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:statement', revokeObjectURL: () => {} }));
    const app = renderApp({
      path: '/',
      consoleKind: 'merchant',
      user: merchantUser(),
      handler: (request) => {
        if (request.url !== '/statements') return null;
        asked.push(request);
        return { status: 200, data: new Blob(['at,type\r\n']) };
      },
    });
    restore = () => {
      app.http.restore();
      vi.unstubAllGlobals();
    };
    const section = await screen.findByRole('region', { name: 'Statement' });
    const from = within(section).getByLabelText(/From/);
    await user.clear(from);
    await user.type(from, '2026-11-01');
    const to = within(section).getByLabelText(/To/);
    await user.clear(to);
    await user.type(to, '2026-11-30');
    await user.click(within(section).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]?.params).toEqual({
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 11, 1).toISOString(),
    });
    // The same days as a PDF, in the console's language.
    await user.click(within(section).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]?.params).toEqual({
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 11, 1).toISOString(),
      format: 'pdf',
      language: 'en',
    });
  });
});
