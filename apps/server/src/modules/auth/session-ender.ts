import type { SessionEnded } from '@gerbang/contract';
import type { AppEventBus } from '../../events/app-events';
import type { SessionState } from '../sessions/session-state';
import type { AuthRepository } from './auth.repository';

/** Why a session row was revoked (sessions.revoked_at / revoked_reason). */
export type RevokeReason = 'logout' | 'reuse' | 'expired' | 'password_reset' | 'password_changed';

/**
 * Ends sessions everywhere they live: the row (so refresh fails), this process's session cache
 * (so the access token stops working at once) and realtime (session.ended drops the sockets).
 */
export function createSessionEnder(deps: {
  repo: Pick<AuthRepository, 'revokeSession' | 'revokeUserSessions'>;
  sessionState: Pick<SessionState, 'invalidateSession' | 'invalidateUser'>;
  events: Pick<AppEventBus, 'emit'>;
}) {
  function announce(sessionId: string, userId: string, reason: SessionEnded['reason']) {
    deps.sessionState.invalidateSession(sessionId);
    deps.events.emit('session.ended', { sessionId, userId, reason });
  }

  return {
    async endSession(
      session: { sessionId: string; userId: string },
      reason: RevokeReason,
      eventReason: SessionEnded['reason'],
    ): Promise<void> {
      const revoked = await deps.repo.revokeSession(session.sessionId, reason);
      // Invalidate even if another request revoked it first: this process may still cache it.
      deps.sessionState.invalidateSession(session.sessionId);
      if (revoked) announce(session.sessionId, session.userId, eventReason);
    },

    /** Ends every live session of the user except `exceptSessionId` (the caller's, on change-password). */
    async endUserSessions(
      userId: string,
      reason: RevokeReason,
      eventReason: SessionEnded['reason'],
      exceptSessionId?: string,
    ): Promise<void> {
      const ended = await deps.repo.revokeUserSessions(userId, reason, exceptSessionId);
      for (const sessionId of ended) announce(sessionId, userId, eventReason);
      // The cached user row of the remaining session holds the old password hash.
      deps.sessionState.invalidateUser(userId);
    },
  };
}
export type SessionEnder = ReturnType<typeof createSessionEnder>;
