import { SERVER_EVENTS } from '@gerbang/contract';
import { describe, expect, it, vi } from 'vitest';
import { parseRealtimePayload } from './realtime';

describe('realtime payloads', () => {
  it('pass a valid device-status-update through', () => {
    expect(parseRealtimePayload(SERVER_EVENTS.deviceStatusUpdate, { deviceId: 'd1', isBusy: true })).toEqual({
      ok: true,
      value: { deviceId: 'd1', isBusy: true },
    });
  });

  it('ignore an invalid device-status-update with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseRealtimePayload(SERVER_EVENTS.deviceStatusUpdate, { deviceId: 'd1', isBusy: 'yes' })).toEqual({
      ok: false,
    });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('ignore an invalid device:getConnected silently', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseRealtimePayload(SERVER_EVENTS.deviceGetConnected, ['d1'])).toEqual({ ok: false });
    expect(parseRealtimePayload(SERVER_EVENTS.deviceGetConnected, { d1: true })).toEqual({
      ok: true,
      value: { d1: true },
    });
    expect(warn).not.toHaveBeenCalled();
  });
});
