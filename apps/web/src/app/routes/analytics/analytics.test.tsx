import { type Analytics, type AnalyticsFigures, getAnalytics, ROLE } from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/user-fixture';

const MERCHANT = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

const figures = (overrides: Partial<AnalyticsFigures> = {}): AnalyticsFigures => ({
  sessionsOpened: 10,
  sessionsPaid: 8,
  successRate: 80,
  volumeIn: '1200000',
  secondsToCreditP50: 45,
  secondsToCreditP95: 200,
  payoutsPaid: 3,
  payoutsFailed: 1,
  volumeOut: '300000',
  transfersIn: 9,
  transfersMatched: 8,
  matchRate: 88.9,
  ...overrides,
});

function analytics(by: Analytics['by']): Analytics {
  return {
    currency: 'IDR',
    days: 7,
    by,
    from: '2026-11-20T00:00:00.000Z',
    to: '2026-11-27T00:00:00.000Z',
    totals: { ...figures(), transfersWaiting: 2, claimsWaiting: 1 },
    rows:
      by === 'merchant'
        ? [
            { key: MERCHANT, label: 'Toko Sinar', figures: figures() },
            { key: '', label: '', figures: figures({ sessionsOpened: 0, sessionsPaid: 0, successRate: null }) },
          ]
        : [{ key: '2026-11-26', label: '2026-11-26', figures: figures() }],
  };
}

let restore = () => {};
afterEach(() => restore());

describe('Analytics', () => {
  it('shows the totals, and the same figures by group whose rows open the sessions they count', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    const app = renderApp({
      path: '/analytics',
      user: makeUser(ROLE.SubAdmin),
      handler: (request) => {
        if (request.url !== getAnalytics.path) return null;
        asked.push(request.params);
        const by = (request.params as { by: Analytics['by'] }).by;
        return { status: 200, data: analytics(by) };
      },
    });
    restore = app.http.restore;
    expect(await screen.findByTestId('analytics-success')).toHaveTextContent('80%');
    expect(screen.getByTestId('analytics-credit')).toHaveTextContent('45 s / 3 min 20 s');
    expect(screen.getByRole('link', { name: 'Transfers: 2 · Claims: 1' })).toHaveAttribute(
      'href',
      '/transaction?awaitingReview=true',
    );
    const byDay = screen.getByRole('table', { name: 'Figures by Day' });
    expect(within(byDay).getByRole('link', { name: '2026-11-26' })).toHaveAttribute(
      'href',
      '/transaction-session?fromDay=2026-11-26&toDay=2026-11-26',
    );

    await user.selectOptions(screen.getByLabelText('Group by'), 'merchant');
    const byMerchant = await screen.findByRole('table', { name: 'Figures by Merchant' });
    expect(await within(byMerchant).findByRole('link', { name: 'Toko Sinar' })).toHaveAttribute(
      'href',
      `/transaction-session?merchantId=${MERCHANT}`,
    );
    // Payouts with no merchant (returns to senders): a row of their own, with no list to open.
    expect(within(byMerchant).getByText('No merchant (returns to senders)')).toBeInTheDocument();
    await waitFor(() => expect(asked.at(-1)).toEqual({ days: 7, currency: 'IDR', by: 'merchant' }));
    expect(app.location()).toBe('/analytics?by=merchant');
  });
});
