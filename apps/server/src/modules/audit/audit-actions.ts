/** Audit action names: written once here, used by services and tests. */
export const AUDIT_ACTIONS = {
  signinSucceeded: 'auth.signin.succeeded',
  signinFailed: 'auth.signin.failed',
  signinRateLimited: 'auth.signin.rate_limited',
  logout: 'auth.logout',
  refreshReuseDetected: 'auth.refresh.reuse_detected',
  accountActivated: 'auth.account.activated',
  passwordResetRequested: 'auth.password.reset_requested',
  passwordReset: 'auth.password.reset',
  passwordChanged: 'auth.password.changed',
  userInvited: 'user.invited',
  userUpdated: 'user.updated',
  userDisabled: 'user.disabled',
  userEnabled: 'user.enabled',
  userActivationResent: 'user.activation_resent',
  adminCreated: 'user.admin_created',
} as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];
