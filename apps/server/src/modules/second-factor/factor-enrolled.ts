import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { SessionState } from '../sessions/session-state';

/**
 * After a factor is added (an app's first code, a passkey's registration): the session that did it
 * counts as stepped up, cached sessions see the user enrolled, and the audit says which factor.
 */
export async function recordFactorEnrolled(
  deps: {
    markSessionVerified: (sessionId: string) => Promise<unknown>;
    sessionState: Pick<SessionState, 'invalidateUser'>;
    audit: Pick<AuditRepository, 'insert'>;
  },
  actor: { userId: string; sessionId: string; ip: string },
  details: Record<string, unknown>,
): Promise<void> {
  await deps.markSessionVerified(actor.sessionId);
  deps.sessionState.invalidateUser(actor.userId);
  await deps.audit.insert({
    action: AUDIT_ACTIONS.secondFactorEnrolled,
    actorUserId: actor.userId,
    targetType: 'user',
    targetId: actor.userId,
    ip: actor.ip,
    details,
  });
}
