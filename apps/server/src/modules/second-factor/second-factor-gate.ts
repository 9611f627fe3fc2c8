import type { RoleId } from '@gerbang/contract';
import type { users } from '../../db/schema';
import type { SessionsRepository } from '../sessions/sessions.repository';
import type { SecondFactorRepository } from './second-factor.repository';

/** The policy is read at most this often per instance; a change made here is seen at once. */
export const POLICY_CACHE_TTL_MS = 5000;

/**
 * What every authenticated request asks of the second factor: must this user enrol before doing
 * anything else (its role requires a factor it has not got), and is its session's step-up fresh?
 */
export function createSecondFactorGate(deps: {
  policy: Pick<SecondFactorRepository, 'listPolicy'>;
  sessions: Pick<SessionsRepository, 'isSecondFactorFresh'>;
  stepUpValidSeconds: number;
  ttlMs?: number;
}) {
  const ttlMs = deps.ttlMs ?? POLICY_CACHE_TTL_MS;
  let cached: { roles: Set<RoleId>; expiresAtMs: number } | null = null;
  let loading: Promise<Set<RoleId>> | null = null;

  async function requiredRoles(): Promise<Set<RoleId>> {
    if (cached && cached.expiresAtMs > Date.now()) return cached.roles;
    loading ??= deps.policy
      .listPolicy()
      .then((rows) => {
        const roles = new Set(rows.filter((r) => r.required).map((r) => r.roleId as RoleId));
        cached = { roles, expiresAtMs: Date.now() + ttlMs };
        return roles;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  return {
    async isRequired(roleId: RoleId): Promise<boolean> {
      return (await requiredRoles()).has(roleId);
    },
    async mustEnrol(user: typeof users.$inferSelect): Promise<boolean> {
      return user.secondFactorEnrolledAt === null && (await requiredRoles()).has(user.roleId as RoleId);
    },
    /** A user without a factor has nothing to step up with: only enrolled users are asked. */
    async needsStepUp(user: typeof users.$inferSelect, sessionId: string): Promise<boolean> {
      if (user.secondFactorEnrolledAt === null) return false;
      return !(await deps.sessions.isSecondFactorFresh(sessionId, deps.stepUpValidSeconds));
    },
    /** After this instance changed the policy. */
    forgetPolicy() {
      cached = null;
    },
  };
}
export type SecondFactorGate = ReturnType<typeof createSecondFactorGate>;
