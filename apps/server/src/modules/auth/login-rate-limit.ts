import type { Config } from '../../config';
import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';

/**
 * Failed sign-ins are limited per account (email) and per IP, counted from the audit log so the
 * limit holds across instances and restarts. Past a limit nothing is checked, not even a correct
 * password, until the oldest failure leaves the window. Second-factor codes have limits of their
 * own, counted the same way from their own failures (`action`, subject: the user's id).
 */
export function createLoginRateLimit(deps: {
  audit: Pick<AuditRepository, 'countRecent' | 'secondsUntilWindowFrees'>;
  config: Pick<Config, 'LOGIN_MAX_FAILURES_PER_ACCOUNT' | 'LOGIN_MAX_FAILURES_PER_IP' | 'LOGIN_FAILURE_WINDOW_MINUTES'>;
  action?: string;
}) {
  const action = deps.action ?? AUDIT_ACTIONS.signinFailed;
  const windowMs = deps.config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000;

  return {
    /** Null when a sign-in may be checked; otherwise the seconds until it may (the Retry-After). */
    async retryAfterSeconds(email: string, ip: string): Promise<number | null> {
      const [byAccount, byIp] = await Promise.all([
        deps.audit.countRecent({ action, windowMs, subject: email }),
        deps.audit.countRecent({ action, windowMs, ip }),
      ]);
      const limits = [
        byAccount >= deps.config.LOGIN_MAX_FAILURES_PER_ACCOUNT ? { subject: email } : null,
        byIp >= deps.config.LOGIN_MAX_FAILURES_PER_IP ? { ip } : null,
      ].filter((who) => who !== null);
      if (limits.length === 0) return null;
      const waits = await Promise.all(
        limits.map((who) => deps.audit.secondsUntilWindowFrees({ action, windowMs, ...who })),
      );
      return Math.max(...waits);
    },
  };
}
export type LoginRateLimit = ReturnType<typeof createLoginRateLimit>;
