import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Device,
  HEALTH_CHECK_STATUS,
  listDevices,
  listDevicesResponseSchema,
  ROLE,
  rotateDeviceToken,
  runHealthChecks,
  runHealthChecksResponseSchema,
} from '@gerbang/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../server/src/modules/realtime/realtime.test-support';
import { createTestApp, signedInUser, TEST_PASSWORD, type TestApp } from '../../server/test/helpers/test-app';
import { type Fleet, readTokensFile, silentLogger, startFleet } from '../src';

/** The simulator against the real server, built in-process and listening on a free port. */
let testApp: TestApp;
let url: string;
let headers: Record<string, string>;
let operator: { email: string; password: string };
const fleets: Fleet[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ env: { HEALTH_CHECK_SCHEDULE_MINUTES: '0' } });
  url = await listen(testApp.app);
  const admin = await signedInUser(testApp, ROLE.Admin);
  headers = admin.headers;
  operator = { email: admin.user.email, password: TEST_PASSWORD };
});
afterEach(async () => {
  await Promise.all(fleets.splice(0).map((fleet) => fleet.stop()));
});
afterAll(async () => {
  await testApp?.close();
});

async function devicesNamed(prefix: string): Promise<Device[]> {
  const res = await testApp.app.inject({
    method: listDevices.method,
    url: `${listDevices.path}?q=${prefix}-`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return listDevicesResponseSchema.parse(res.json()).items.filter((d) => d.name.startsWith(`${prefix}-`));
}

async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function fleetOf(prefix: string, count: number, options: { failureRate?: number; tokensFile?: string } = {}) {
  const fleet = await startFleet({
    server: url,
    devices: { count, prefix },
    auth: operator,
    tokensFile: options.tokensFile,
    latencyMs: 50,
    failureRate: options.failureRate ?? 0,
    busyRate: 0,
    seed: 1,
    logger: silentLogger,
  });
  fleets.push(fleet);
  await fleet.whenOnline(count, 15_000);
  return fleet;
}

async function runCheck(deviceIds: string[], type: 'ip' | 'device') {
  const res = await testApp.app.inject({
    method: runHealthChecks.method,
    url: runHealthChecks.path,
    headers,
    payload: { deviceIds, type },
  });
  expect(res.statusCode).toBe(200);
  return runHealthChecksResponseSchema.parse(res.json());
}

describe('the simulator against the server', () => {
  it('registers its phones as simulated, keeps their tokens private, and brings them online', async () => {
    const tokensFile = join(mkdtempSync(join(tmpdir(), 'gerbang-sim-')), 'tokens.json');
    await fleetOf('online', 3, { tokensFile });
    const devices = await eventually(
      () => devicesNamed('online'),
      (list) => list.length === 3 && list.every((d) => d.isOnline && d.telemetry !== null),
    );
    for (const device of devices) {
      expect(device.isSimulated).toBe(true);
      expect(device.protocolVersion).toBe(1);
      expect(device.capabilities).toEqual(expect.arrayContaining(['sms', 'network', 'ip', 'app']));
    }
    expect(Object.keys(await readTokensFile(tokensFile)).sort()).toEqual(['online-001', 'online-002', 'online-003']);
    expect(statSync(tokensFile).mode & 0o777).toBe(0o600);
  });

  it('reconnects with the saved tokens without registering again', async () => {
    const tokensFile = join(mkdtempSync(join(tmpdir(), 'gerbang-sim-')), 'tokens.json');
    const first = await fleetOf('again', 2, { tokensFile });
    await first.stop();
    const saved = await readTokensFile(tokensFile);
    const second = await startFleet({
      server: url,
      devices: { count: 2, prefix: 'again' },
      tokensFile,
      logger: silentLogger,
    });
    fleets.push(second);
    await second.whenOnline(2, 15_000);
    expect(await readTokensFile(tokensFile)).toEqual(saved);
    expect(await devicesNamed('again')).toHaveLength(2);
  });

  it('gets a new token for a phone whose saved token was rotated away, when it may sign in', async () => {
    const tokensFile = join(mkdtempSync(join(tmpdir(), 'gerbang-sim-')), 'tokens.json');
    const first = await fleetOf('renew', 1, { tokensFile });
    await first.stop();
    const [device] = await devicesNamed('renew');
    const rotated = await testApp.app.inject({
      method: rotateDeviceToken.method,
      url: rotateDeviceToken.path.replace(':id', device?.id ?? ''),
      headers,
      payload: {},
    });
    expect(rotated.statusCode).toBe(200);
    const stale = await readTokensFile(tokensFile);

    const withoutSignIn = await startFleet({
      server: url,
      devices: { count: 1, prefix: 'renew' },
      tokensFile,
      logger: silentLogger,
    });
    fleets.push(withoutSignIn);
    await eventually(
      async () => withoutSignIn.devices[0]?.state,
      (state) => state === 'waiting',
    );
    await withoutSignIn.stop();

    await fleetOf('renew', 1, { tokensFile });
    expect((await readTokensFile(tokensFile))['renew-001']?.token).not.toBe(stale['renew-001']?.token);
  });

  it('stays away, without fighting the operator, when its token is rotated while connected', async () => {
    const fleet = await fleetOf('rotated', 1);
    const [device] = await devicesNamed('rotated');
    await testApp.app.inject({
      method: rotateDeviceToken.method,
      url: rotateDeviceToken.path.replace(':id', device?.id ?? ''),
      headers,
      payload: {},
    });
    await eventually(
      async () => fleet.devices[0]?.state,
      (state) => state === 'retired',
    );
    expect(fleet.devices[0]?.lastDisconnectReason?.reason).toBe('token_rotated');
    await eventually(
      () => devicesNamed('rotated'),
      (list) => list[0]?.isOnline === false,
    );
  });

  it('answers a health check, which turns from CHECKING to OK', async () => {
    await fleetOf('healthy', 2);
    const devices = await devicesNamed('healthy');
    const { started } = await runCheck(
      devices.map((d) => d.id),
      'ip',
    );
    expect(started.map((run) => run.status)).toEqual([HEALTH_CHECK_STATUS.Checking, HEALTH_CHECK_STATUS.Checking]);
    await eventually(
      () => devicesNamed('healthy'),
      (list) => list.every((d) => d.health.ip?.status === HEALTH_CHECK_STATUS.OK),
    );
  });

  it('fails every check with a failure rate of 1', async () => {
    await fleetOf('failing', 2, { failureRate: 1 });
    const devices = await devicesNamed('failing');
    await runCheck(
      devices.map((d) => d.id),
      'device',
    );
    const after = await eventually(
      () => devicesNamed('failing'),
      (list) =>
        list.every((d) =>
          (['sms', 'network', 'ip', 'app'] as const).every((t) => d.health[t]?.status === HEALTH_CHECK_STATUS.Failed),
        ),
    );
    expect(after.every((d) => !d.isReady)).toBe(true);
  });

  it('takes its phones offline when stopped', async () => {
    const fleet = await fleetOf('stopping', 3);
    await eventually(
      () => devicesNamed('stopping'),
      (list) => list.length === 3 && list.every((d) => d.isOnline),
    );
    await fleet.stop();
    await eventually(
      () => devicesNamed('stopping'),
      (list) => list.every((d) => !d.isOnline),
    );
  });
});
