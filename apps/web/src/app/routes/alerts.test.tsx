import { type Alert, listAlertRules, listAlerts, ROLE } from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StubRequest, StubResponse } from '../../test/http-stub';
import { renderApp } from '../../test/render-app';
import { makeUser } from '../../test/user-fixture';

function anAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: '5b0c9d2e-1f3a-4b5c-8d6e-7f8091a2b3c4',
    kind: 'device_offline',
    subjectType: 'device',
    subjectId: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
    subjectLabel: 'Rack 3 phone 12',
    status: 'open',
    snoozedUntil: null,
    openedAt: '2026-11-27T01:00:00.000Z',
    acknowledgedAt: null,
    acknowledgedByName: null,
    resolvedAt: null,
    details: {},
    ...overrides,
  };
}

let restore = () => {};
afterEach(() => restore());

function open(
  roleId: (typeof ROLE)[keyof typeof ROLE],
  replies: Record<string, (request: StubRequest) => StubResponse>,
) {
  const app = renderApp({
    path: '/alerts',
    consoleKind: 'admin',
    user: makeUser(roleId),
    handler: (request) => replies[`${request.method} ${request.url}`]?.(request) ?? null,
  });
  restore = app.http.restore;
  return app;
}

describe('Alerts page and the bell', () => {
  it('shows what needs attention, counts it on the bell, and acknowledges one', async () => {
    const user = userEvent.setup();
    let acknowledged = false;
    const app = open(ROLE.Staff, {
      [`GET ${listAlerts.path}`]: () => ({
        status: 200,
        data: acknowledged
          ? { items: [anAlert({ status: 'acknowledged', acknowledgedByName: 'Sari' })], unseenCount: 0 }
          : { items: [anAlert()], unseenCount: 1 },
      }),
      [`POST /alerts/${anAlert().id}/acknowledge`]: () => {
        acknowledged = true;
        return { status: 200, data: anAlert({ status: 'acknowledged', acknowledgedByName: 'Sari' }) };
      },
    });
    const table = await screen.findByRole('table', { name: 'Alerts' });
    expect(await within(table).findByText('Phone offline')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Rack 3 phone 12' })).toHaveAttribute(
      'href',
      `/device/${anAlert().subjectId}`,
    );
    expect(await screen.findByRole('link', { name: 'Alerts: 1 needs attention' })).toBeInTheDocument();
    // Staff acknowledges but does not set rules.
    expect(screen.queryByRole('heading', { name: 'Rules' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Acknowledge the alert about Rack 3 phone 12' }));
    expect(await within(table).findByText('by Sari')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('alert-count')).not.toBeInTheDocument());
    expect(app.http.requests.some((r) => r.method === 'POST')).toBe(true);
  });

  it('lets an Admin change a rule threshold', async () => {
    const user = userEvent.setup();
    const app = open(ROLE.Admin, {
      [`GET ${listAlerts.path}`]: () => ({ status: 200, data: { items: [], unseenCount: 0 } }),
      [`GET ${listAlertRules.path}`]: () => ({
        status: 200,
        data: {
          items: [
            {
              kind: 'device_offline',
              enabled: true,
              thresholdMinutes: 10,
              balanceFloors: null,
              updatedAt: '1970-01-01T00:00:00.000Z',
            },
          ],
        },
      }),
      'PUT /alert-rules/device_offline': (request) => ({
        status: 200,
        data: {
          ...(request.data as object),
          kind: 'device_offline',
          balanceFloors: null,
          updatedAt: '2026-11-27T01:00:00.000Z',
        },
      }),
    });
    expect(await screen.findByText('Nothing needs attention.')).toBeInTheDocument();
    const rule = await screen.findByRole('form', { name: 'Phone offline' });
    const minutes = within(rule).getByLabelText(/After \(minutes\)/);
    await user.clear(minutes);
    await user.type(minutes, '5');
    await user.click(within(rule).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(app.http.requests.find((r) => r.method === 'PUT')?.data).toEqual({ enabled: true, thresholdMinutes: 5 }),
    );
  });
});
