import { type Device, HEALTH_CHECK_KEYS, HEALTH_CHECK_STATUS } from '@gerbang/contract';
import { describe, expect, it } from 'vitest';
import { applyHealthCheckItem } from './apply-health-check-item';

const AT = '2025-01-01T00:00:00.000Z';
const OK = { status: HEALTH_CHECK_STATUS.OK, startedAt: AT, finishedAt: AT };
const device = { id: 'd1', health: { sms: OK, network: OK, ip: OK, app: OK } } as unknown as Device;

describe('a health-check event item', () => {
  it('shows the run it is about as Checking at once, with its start time', () => {
    const startedAt = '2025-01-02T00:00:00.000Z';
    const next = applyHealthCheckItem(device, {
      deviceId: 'd1',
      data: {},
      processStatus: HEALTH_CHECK_STATUS.Checking,
      additionalData: { type: 'network', startedAt },
    });
    expect(next.health.network).toEqual({ status: HEALTH_CHECK_STATUS.Checking, startedAt, finishedAt: null });
    expect(next.health.sms).toBe(OK);
  });

  it('takes the other checks’ statuses from data, read by health-check key', () => {
    const now = new Date('2025-01-03T00:00:00.000Z');
    const next = applyHealthCheckItem(
      device,
      { deviceId: 'd1', data: { [HEALTH_CHECK_KEYS.app]: 7 }, processStatus: 1, additionalData: null },
      now,
    );
    // Spec §4: an unknown code is kept as sent; the badge reads it as Failed.
    expect(next.health.app).toEqual({ status: 7, startedAt: AT, finishedAt: now.toISOString() });
  });

  it('leaves the device untouched when nothing changes', () => {
    const item = { deviceId: 'd1', data: { [HEALTH_CHECK_KEYS.sms]: 1 }, processStatus: 1, additionalData: 'junk' };
    expect(applyHealthCheckItem(device, item)).toBe(device);
  });
});
