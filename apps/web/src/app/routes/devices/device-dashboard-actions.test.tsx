import { listDevices, ROLE, registerDevice, rotateDeviceToken, runHealthChecks } from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StubRequest } from '../../../test/http-stub';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/user-fixture';
import { aDevice, deviceApi } from './device-test-support';

let restoreHttp: () => void = () => undefined;
afterEach(() => restoreHttp());

const PIXEL = aDevice();
const GALAXY = aDevice({ id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Galaxy A54', isSimulated: false });
const TOKEN = 'gbd_0123456789abcdef0123456789abcdef';
const PAGE_LOAD = { timeout: 5_000 };

function openDashboard(roleId: (typeof ROLE)[keyof typeof ROLE], extra: Parameters<typeof deviceApi>[1] = {}) {
  const app = renderApp({ path: '/', user: makeUser(roleId), handler: deviceApi([PIXEL, GALAXY], extra) });
  restoreHttp = app.http.restore;
  const sent = (method: string, url: string) =>
    app.http.requests.filter((request: StubRequest) => request.method === method && request.url === url);
  return { ...app, sent };
}

describe('Device Dashboard actions', () => {
  it('filters the list by a summary card, shows the offline count, and keeps the filter in the address', async () => {
    const user = userEvent.setup();
    const app = openDashboard(ROLE.Admin);
    const summary = await screen.findByRole('region', { name: 'Fleet summary' });
    const offline = await within(summary).findByRole('button', { name: /^Offline\s*0\s*of 2$/ }, PAGE_LOAD);
    await user.click(offline);
    expect(offline).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(app.location()).toBe('/?presence=offline'));
    await waitFor(() =>
      expect(app.http.requests.filter((r) => r.url === listDevices.path).at(-1)?.params).toMatchObject({
        presence: 'offline',
      }),
    );
    // Pressed again, the filter is cleared.
    await user.click(offline);
    await waitFor(() => expect(app.location()).toBe('/'));
  });

  it('registers a device and shows its token once, copying it to the clipboard', async () => {
    const user = userEvent.setup();
    const app = openDashboard(ROLE.Admin, {
      [`POST ${registerDevice.path}`]: () => ({
        status: 201,
        data: { device: aDevice({ id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', name: 'Redmi 12' }), token: TOKEN },
      }),
    });

    await user.click(await screen.findByRole('button', { name: 'Register Device' }, PAGE_LOAD));
    const form = screen.getByRole('dialog', { name: 'Register Device' });
    await user.type(within(form).getByLabelText(/^Name/), 'Redmi 12');
    await user.type(within(form).getByLabelText(/^Label/), 'Rack B');
    await user.click(within(form).getByRole('button', { name: 'Register' }));

    const done = await screen.findByRole('dialog', { name: 'Device Registered' });
    expect(within(done).getByRole('textbox', { name: 'Device token' })).toHaveValue(TOKEN);
    expect(done).toHaveTextContent('It will not be shown again.');
    expect(app.sent('POST', registerDevice.path).map((request) => request.data)).toEqual([
      { name: 'Redmi 12', label: 'Rack B', notes: '' },
    ]);

    await user.click(within(done).getByRole('button', { name: 'Copy token' }));
    expect(await screen.findByText('Copied to clipboard!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(TOKEN);

    await user.click(within(done).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(TOKEN)).not.toBeInTheDocument();
  });

  it('runs the chosen check on the selected devices', async () => {
    const user = userEvent.setup();
    const app = openDashboard(ROLE.Admin, {
      [`POST ${runHealthChecks.path}`]: () => ({ status: 200, data: { started: [], skipped: [] } }),
    });

    await user.click(await screen.findByRole('checkbox', { name: 'Select Pixel 7' }, PAGE_LOAD));
    await user.click(screen.getByRole('checkbox', { name: 'Select Galaxy A54' }));
    expect(screen.getByText('2 devices selected')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Check type for 2 devices' }), 'sms');
    await user.click(screen.getByRole('button', { name: 'Run checks on 2 devices' }));

    await waitFor(() => expect(app.sent('POST', runHealthChecks.path)).toHaveLength(1));
    expect(app.sent('POST', runHealthChecks.path)[0]?.data).toEqual({ deviceIds: [PIXEL.id, GALAXY.id], type: 'sms' });
  });

  it('rotates a token only after confirmation and shows the new one', async () => {
    const user = userEvent.setup();
    const rotatePath = rotateDeviceToken.path.replace(':id', PIXEL.id);
    const app = openDashboard(ROLE.Admin, {
      [`POST ${rotatePath}`]: () => ({ status: 200, data: { device: PIXEL, token: TOKEN } }),
    });

    // A dense row keeps its actions behind one button.
    await user.click(await screen.findByRole('button', { name: 'Actions for Pixel 7' }, PAGE_LOAD));
    await user.click(screen.getByRole('button', { name: 'Rotate token of Pixel 7' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Rotate Token' })).getByRole('button', { name: 'Rotate' }),
    );

    const done = await screen.findByRole('dialog', { name: 'New Device Token' });
    expect(within(done).getByRole('textbox', { name: 'Device token' })).toHaveValue(TOKEN);
    expect(app.sent('POST', rotatePath)).toHaveLength(1);
  });

  it('offers Staff no device actions', async () => {
    openDashboard(ROLE.Staff);

    expect(await screen.findByRole('link', { name: 'Pixel 7' }, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register Device' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Pixel 7' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Pixel 7' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run checks on Pixel 7' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select Pixel 7' })).not.toBeInTheDocument();
  });
});
