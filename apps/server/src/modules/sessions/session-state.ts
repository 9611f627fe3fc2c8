import type { users } from '../../db/schema';
import type { SessionsRepository } from './sessions.repository';

type UserRow = typeof users.$inferSelect;
type Entry = { user: UserRow | null; expiresAtMs: number };

/**
 * Answers "is this session live, and who is its user?" for every authenticated request and socket.
 * A short cache keeps GET /auth/current-user off the database; changes made by this process
 * invalidate it at once, changes made by another instance are seen within SESSION_CACHE_TTL_MS.
 */
export const SESSION_CACHE_TTL_MS = 5000;
const MAX_ENTRIES = 10_000;

export function createSessionState(
  repo: Pick<SessionsRepository, 'findLiveSessionUser'>,
  ttlMs = SESSION_CACHE_TTL_MS,
) {
  const cache = new Map<string, Entry>();

  return {
    /** The active user behind a live session, or null (revoked, expired, user disabled or gone). */
    async getActiveUser(sessionId: string): Promise<UserRow | null> {
      const now = Date.now();
      const hit = cache.get(sessionId);
      if (hit && hit.expiresAtMs > now) return hit.user;
      const row = await repo.findLiveSessionUser(sessionId);
      const user = row && row.status === 'active' ? row : null;
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(sessionId, { user, expiresAtMs: now + ttlMs });
      return user;
    },
    invalidateSession(sessionId: string) {
      cache.delete(sessionId);
    },
    invalidateUser(userId: string) {
      for (const [sid, entry] of cache) if (entry.user?.id === userId) cache.delete(sid);
    },
    clear() {
      cache.clear();
    },
  };
}
export type SessionState = ReturnType<typeof createSessionState>;
