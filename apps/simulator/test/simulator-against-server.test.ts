import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Device,
  HEALTH_CHECK_STATUS,
  listDevices,
  listDevicesResponseSchema,
  rotateDeviceToken,
  runHealthChecks,
  runHealthChecksResponseSchema,
} from '@gerbang/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { readTokensFile, silentLogger, startFleet } from '../src';
import { eventually, serverUnderTest } from './server-under-test';

const folders: string[] = [];
/** A folder for one test's tokens file, removed when the file's tests end. */
function tempFolder(): string {
  const path = mkdtempSync(join(tmpdir(), 'gerbang-sim-'));
  folders.push(path);
  return path;
}
afterAll(() => {
  for (const path of folders) rmSync(path, { recursive: true, force: true });
});

/** The simulator against the real server, built in-process and listening on a free port. */
const server = serverUnderTest();
const { fleetOf } = server;

async function devicesNamed(prefix: string): Promise<Device[]> {
  const res = await server.state.testApp.app.inject({
    method: listDevices.method,
    url: `${listDevices.path}?q=${prefix}-`,
    headers: server.state.headers,
  });
  expect(res.statusCode).toBe(200);
  return listDevicesResponseSchema.parse(res.json()).items.filter((d) => d.name.startsWith(`${prefix}-`));
}

async function runCheck(deviceIds: string[], type: 'ip' | 'device') {
  const res = await server.state.testApp.app.inject({
    method: runHealthChecks.method,
    url: runHealthChecks.path,
    headers: server.state.headers,
    payload: { deviceIds, type },
  });
  expect(res.statusCode).toBe(200);
  return runHealthChecksResponseSchema.parse(res.json());
}

describe('the simulator against the server', () => {
  it('registers its phones as simulated, keeps their tokens private, and brings them online', async () => {
    const tokensFile = join(tempFolder(), 'tokens.json');
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
    const tokensFile = join(tempFolder(), 'tokens.json');
    const first = await fleetOf('again', 2, { tokensFile });
    await first.stop();
    const saved = await readTokensFile(tokensFile);
    const second = await startFleet({
      server: server.state.url,
      devices: { count: 2, prefix: 'again' },
      tokensFile,
      logger: silentLogger,
    });
    server.track(second);
    await second.whenOnline(2, 15_000);
    expect(await readTokensFile(tokensFile)).toEqual(saved);
    expect(await devicesNamed('again')).toHaveLength(2);
  });

  it('gets a new token for a phone whose saved token was rotated away, when it may sign in', async () => {
    const tokensFile = join(tempFolder(), 'tokens.json');
    const first = await fleetOf('renew', 1, { tokensFile });
    await first.stop();
    const [device] = await devicesNamed('renew');
    const rotated = await server.state.testApp.app.inject({
      method: rotateDeviceToken.method,
      url: rotateDeviceToken.path.replace(':id', device?.id ?? ''),
      headers: server.state.headers,
      payload: {},
    });
    expect(rotated.statusCode).toBe(200);
    const stale = await readTokensFile(tokensFile);

    const withoutSignIn = await startFleet({
      server: server.state.url,
      devices: { count: 1, prefix: 'renew' },
      tokensFile,
      logger: silentLogger,
    });
    server.track(withoutSignIn);
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
    await server.state.testApp.app.inject({
      method: rotateDeviceToken.method,
      url: rotateDeviceToken.path.replace(':id', device?.id ?? ''),
      headers: server.state.headers,
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
