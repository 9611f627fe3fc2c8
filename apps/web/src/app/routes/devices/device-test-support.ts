import {
  type Device,
  type DeviceSummary,
  getDeviceSummary,
  listDevices,
  type ServerToClientEvents,
} from '@gerbang/contract';
import { act, waitFor } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { getRealtimeSocket } from '../../../lib/realtime-store';
import type { StubRequest, StubResponse } from '../../../test/http-stub';

const AT = '2025-01-01T00:00:00.000Z';
const OK = { status: 1, startedAt: AT, finishedAt: AT };

export function aDevice(overrides: Partial<Device> = {}): Device {
  return {
    id: '5b0f4c3e-2a6d-4e8f-9b1a-0c2d3e4f5a6b',
    name: 'Pixel 7',
    label: 'Rack A',
    notes: '',
    isSimulated: true,
    status: 'active',
    isOnline: true,
    isBusy: false,
    isReady: true,
    lastSeenAt: AT,
    connectedAt: AT,
    telemetry: { battery: 80, isCharging: true, networkType: 'wifi', signal: 3, ip: '203.0.113.7' },
    protocolVersion: 1,
    appVersions: { agent: '1.0.0' },
    capabilities: ['sms', 'network', 'ip', 'app'],
    health: { sms: OK, network: OK, ip: OK, app: OK },
    tokenRotatedAt: AT,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export const SUMMARY: DeviceSummary = { total: 2, online: 2, busy: 0, healthy: 2, failing: 0 };

type Replies = Record<string, (request: StubRequest) => StubResponse>;

/** Serves the dashboard's reads plus `extra` ("METHOD /path" → reply); anything else is a 404. */
export function deviceApi(devices: Device[], extra: Replies = {}) {
  const replies: Replies = {
    [`GET ${listDevices.path}`]: () => ({ status: 200, data: { items: devices } }),
    [`GET ${getDeviceSummary.path}`]: () => ({ status: 200, data: SUMMARY }),
    ...extra,
  };
  return (request: StubRequest) => replies[`${request.method} ${request.url}`]?.(request) ?? null;
}

/**
 * Delivers a server event the way socket.io would: to the handlers the realtime client
 * registered, which parse the payload before the page sees it.
 */
export async function emitServerEvent<E extends keyof ServerToClientEvents>(name: E, payload: unknown) {
  const socket = await waitFor(() => {
    const current = getRealtimeSocket() as unknown as Socket | null;
    expect(current?.listeners(name).length).toBeGreaterThan(0);
    return current as Socket;
  });
  act(() => {
    for (const listener of socket.listeners(name)) listener(payload);
  });
}
