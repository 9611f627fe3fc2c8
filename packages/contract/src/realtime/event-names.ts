/** Console realtime event names (spec §7); their payload schemas are in ./events. */
export const SERVER_EVENTS = {
  healthCheck: 'health-check',
  deviceStatusUpdate: 'device-status-update',
  deviceGetConnected: 'device:getConnected',
  deviceRefresh: 'device:refresh',
  merchantTriggerAvailableBalance: 'merchant:trigger-available-balance',
  /** Spec §7, for Maya accounts; DANA and Livin' accounts get walletLoginStatusUpdate, same payload. */
  mayaLoginStatusUpdate: 'maya-login-status-update',
  walletLoginStatusUpdate: 'wallet-login-status-update',
  /** Wallet-level checks (and QR fetches) started or ended: the account-level twin of health-check. */
  walletHealthCheck: 'wallet-health-check',
  /** Accounts changed (created, edited, enabled, balance, transactions…): lists and details refetch. */
  walletRefresh: 'wallet:refresh',
  /** Sent just before the server drops a socket whose session ended (logout, expiry, disable). */
  sessionEnded: 'session:ended',
  /** A payment session moved: to operators who watch sessions and to its merchant's users. */
  paymentSessionUpdate: 'payment-session:update',
  /** A withdrawal moved: to operators who watch withdrawals and to its merchant's users. */
  withdrawalUpdate: 'withdrawal:update',
  /** A payout method's verification moved: to its merchant's users. */
  payoutMethodUpdate: 'payout-method:update',
  /** Alerts opened, acknowledged, snoozed or resolved: the bell and the alerts page refetch. */
  alertsChanged: 'alerts:changed',
} as const;
