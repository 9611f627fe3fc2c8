import {
  getDevice,
  HEALTH_CHECK_STATUS,
  listDeviceConnections,
  listDeviceHealthChecks,
  ROLE,
  SERVER_EVENTS,
} from '@gerbang/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/user-fixture';
import { aDevice, deviceApi, emitServerEvent } from './device-test-support';

let restoreHttp: () => void = () => undefined;
afterEach(() => restoreHttp());

const PIXEL = aDevice({ notes: 'Top shelf' });
const AT = '2025-01-01T00:00:00.000Z';
const withId = (path: string) => path.replace(':id', PIXEL.id);

function openDetail(device = PIXEL) {
  const app = renderApp({
    path: `/device/${PIXEL.id}`,
    user: makeUser(ROLE.Admin),
    handler: deviceApi([device], {
      [`GET ${withId(getDevice.path)}`]: () => ({ status: 200, data: device }),
      [`GET ${withId(listDeviceHealthChecks.path)}`]: () => ({
        status: 200,
        data: {
          items: [
            {
              id: '0d9c8b7a-6f5e-4d3c-9b2a-1f0e9d8c7b6a',
              deviceId: PIXEL.id,
              type: 'sms',
              status: HEALTH_CHECK_STATUS.Failed,
              trigger: 'schedule',
              startedByUserId: null,
              data: null,
              additionalData: null,
              reason: 'timeout',
              startedAt: AT,
              finishedAt: AT,
              deadlineAt: AT,
            },
          ],
          nextCursor: null,
        },
      }),
      [`GET ${withId(listDeviceConnections.path)}`]: () => ({
        status: 200,
        data: {
          items: [
            {
              id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
              deviceId: PIXEL.id,
              connectedAt: AT,
              disconnectedAt: AT,
              reason: 'replaced',
              ip: '203.0.113.9',
            },
          ],
          nextCursor: null,
        },
      }),
    }),
  });
  restoreHttp = app.http.restore;
  return app;
}

describe('Device detail', () => {
  it('shows basic information, telemetry, the health-check history and the connection log', async () => {
    openDetail();

    const info = await screen.findByRole('region', { name: 'Basic Information' }, { timeout: 5_000 });
    expect(within(info).getByText('Top shelf')).toBeInTheDocument();
    expect(within(info).getByText('Yes: played by the device simulator, not a real phone')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Telemetry' })).toHaveTextContent('80%');
    const history = await screen.findByRole('table', { name: 'Health Check History' });
    expect(within(history).getByText('No answer before the deadline')).toBeInTheDocument();
    expect(within(history).getByText('Schedule')).toBeInTheDocument();
    const log = await screen.findByRole('table', { name: 'Connection Log' });
    expect(within(log).getByText('replaced')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('says why a device is not ready', async () => {
    const failed = { status: 2, startedAt: AT, finishedAt: AT };
    openDetail({
      ...PIXEL,
      isOnline: false,
      isReady: false,
      health: { ...PIXEL.health, network: failed },
    });
    const info = await screen.findByRole('region', { name: 'Basic Information' }, { timeout: 5_000 });
    expect(within(info).getByText(/^Not ready/)).toHaveTextContent('Not ready (offline, a check is failing)');
  });

  it('updates the current check status from a health-check event', async () => {
    openDetail();
    const health = await screen.findByRole('region', { name: 'Health Check' }, { timeout: 5_000 });

    await emitServerEvent(SERVER_EVENTS.healthCheck, [
      {
        deviceId: PIXEL.id,
        data: {},
        processStatus: HEALTH_CHECK_STATUS.Checking,
        additionalData: { type: 'app', startedAt: new Date().toISOString() },
      },
    ]);

    const current = within(health).getByRole('list');
    expect(await within(current).findByText('Checking')).toBeInTheDocument();
  });
});
