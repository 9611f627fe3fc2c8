/** Console realtime event names (spec §7); their payload schemas are in ./events. */
export const SERVER_EVENTS = {
  healthCheck: 'health-check',
  deviceStatusUpdate: 'device-status-update',
  deviceGetConnected: 'device:getConnected',
  deviceRefresh: 'device:refresh',
  merchantTriggerAvailableBalance: 'merchant:trigger-available-balance',
  mayaLoginStatusUpdate: 'maya-login-status-update',
  /** Sent just before the server drops a socket whose session ended (logout, expiry, disable). */
  sessionEnded: 'session:ended',
} as const;
