import {
  getDeviceSummary,
  HEALTH_CHECK_KEYS,
  HEALTH_CHECK_STATUS,
  listDevices,
  ROLE,
  SERVER_EVENTS,
} from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/user-fixture';
import { aDevice, deviceApi, emitServerEvent } from './device-test-support';

let restoreHttp: () => void = () => undefined;
afterEach(() => restoreHttp());

const STARTED_AT = '2025-01-01T00:00:00.000Z';
const PIXEL = aDevice({
  health: {
    sms: { status: HEALTH_CHECK_STATUS.Checking, startedAt: STARTED_AT, finishedAt: null },
    network: { status: HEALTH_CHECK_STATUS.OK, startedAt: STARTED_AT, finishedAt: STARTED_AT },
    ip: { status: HEALTH_CHECK_STATUS.OK, startedAt: STARTED_AT, finishedAt: STARTED_AT },
    app: { status: HEALTH_CHECK_STATUS.OK, startedAt: STARTED_AT, finishedAt: STARTED_AT },
  },
});

function openDashboard() {
  const app = renderApp({ path: '/', user: makeUser(ROLE.Admin), handler: deviceApi([PIXEL]) });
  restoreHttp = app.http.restore;
  const listCalls = () => app.http.requests.filter((request) => request.url === listDevices.path).length;
  const summaryCalls = () => app.http.requests.filter((request) => request.url === getDeviceSummary.path).length;
  return { ...app, listCalls, summaryCalls };
}

async function pixelRow() {
  const link = await screen.findByRole('link', { name: 'Pixel 7' }, { timeout: 5_000 });
  return link.closest('tr') as HTMLElement;
}

describe('Device Dashboard live updates', () => {
  it('turns a check from Checking to OK on a health-check event, without a refetch', async () => {
    const app = openDashboard();
    const row = await pixelRow();
    expect(within(row).getByText('Checking')).toBeInTheDocument();
    expect(within(row).getByText('Simulated')).toBeInTheDocument();
    const callsBefore = app.listCalls();

    await emitServerEvent(SERVER_EVENTS.healthCheck, [
      {
        deviceId: PIXEL.id,
        data: { [HEALTH_CHECK_KEYS.sms]: 1, [HEALTH_CHECK_KEYS.network]: 1, [HEALTH_CHECK_KEYS.ip]: 1 },
        processStatus: HEALTH_CHECK_STATUS.OK,
        additionalData: { type: 'sms', startedAt: STARTED_AT, finishedAt: new Date().toISOString() },
      },
    ]);

    await waitFor(() => expect(within(row).queryByText('Checking')).not.toBeInTheDocument());
    expect(within(row).getAllByText('OK')).toHaveLength(4);
    expect(app.listCalls()).toBe(callsBefore);
  });

  it('ignores an invalid device-status-update with a warning and applies a valid one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    openDashboard();
    const row = await pixelRow();
    expect(within(row).getByText('Idle')).toBeInTheDocument();

    await emitServerEvent(SERVER_EVENTS.deviceStatusUpdate, { deviceId: PIXEL.id, isBusy: 'yes' });
    expect(warn).toHaveBeenCalled();
    expect(within(row).getByText('Idle')).toBeInTheDocument();

    await emitServerEvent(SERVER_EVENTS.deviceStatusUpdate, { deviceId: PIXEL.id, isBusy: true });
    expect(await within(row).findByText('Busy')).toBeInTheDocument();
  });

  it('marks devices missing from device:getConnected offline and ignores an invalid map', async () => {
    openDashboard();
    const row = await pixelRow();
    expect(within(row).getByText('Online')).toBeInTheDocument();

    await emitServerEvent(SERVER_EVENTS.deviceGetConnected, [PIXEL.id]);
    expect(within(row).getByText('Online')).toBeInTheDocument();

    await emitServerEvent(SERVER_EVENTS.deviceGetConnected, {});
    expect(await within(row).findByText('Offline')).toBeInTheDocument();
  });

  it('reads the summary cards again as soon as a row changes, not seconds later', async () => {
    const app = openDashboard();
    await pixelRow();
    await waitFor(() => expect(app.summaryCalls()).toBeGreaterThan(0));
    const before = app.summaryCalls();

    await emitServerEvent(SERVER_EVENTS.deviceStatusUpdate, { deviceId: PIXEL.id, isBusy: true });

    await waitFor(() => expect(app.summaryCalls()).toBe(before + 1), { timeout: 500 });
  });

  it('reloads the list on device:refresh', async () => {
    const app = openDashboard();
    await pixelRow();
    const callsBefore = app.listCalls();

    await emitServerEvent(SERVER_EVENTS.deviceRefresh, undefined);

    await waitFor(() => expect(app.listCalls()).toBe(callsBefore + 1));
  });
});
