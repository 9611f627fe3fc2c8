import { describe, expect, it } from 'vitest';
import { HEALTH_CHECK_STATUS } from '../health-checks/health-check-status';
import { deviceNotReadyReasons } from './device-readiness';

const ready = { status: 'active', isOnline: true, isBusy: false, checkStatuses: [HEALTH_CHECK_STATUS.OK] } as const;

describe('why a device is not ready', () => {
  it('is ready when active, online, idle and no check fails or runs (a check that never ran does not count)', () => {
    expect(deviceNotReadyReasons(ready)).toEqual([]);
    expect(deviceNotReadyReasons({ ...ready, checkStatuses: [HEALTH_CHECK_STATUS.Unknown] })).toEqual([]);
  });

  it('names every reason, a failing check before a running one', () => {
    expect(
      deviceNotReadyReasons({
        status: 'disabled',
        isOnline: false,
        isBusy: true,
        checkStatuses: [HEALTH_CHECK_STATUS.Checking, HEALTH_CHECK_STATUS.Failed],
      }),
    ).toEqual(['disabled', 'offline', 'busy', 'check_failing']);
    expect(deviceNotReadyReasons({ ...ready, checkStatuses: [HEALTH_CHECK_STATUS.Checking] })).toEqual([
      'check_running',
    ]);
  });
});
