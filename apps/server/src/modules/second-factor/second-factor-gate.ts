import { ROLE, type RoleId } from '@gerbang/contract';
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
  policy: Pick<SecondFactorRepository, 'listPolicy' | 'listMerchantsRequiring'>;
  sessions: Pick<SessionsRepository, 'isSecondFactorFresh'>;
  stepUpValidSeconds: number;
  ttlMs?: number;
}) {
  const ttlMs = deps.ttlMs ?? POLICY_CACHE_TTL_MS;
  type Policy = { roles: Set<RoleId>; merchants: Set<string> };
  let cached: (Policy & { expiresAtMs: number }) | null = null;
  let loading: Promise<Policy> | null = null;

  /** The roles the Admin's policy names, and the merchants whose owners require it of their team. */
  async function policy(): Promise<Policy> {
    if (cached && cached.expiresAtMs > Date.now()) return cached;
    loading ??= Promise.all([deps.policy.listPolicy(), deps.policy.listMerchantsRequiring()])
      .then(([rows, merchantIds]) => {
        const roles = new Set(rows.filter((r) => r.required).map((r) => r.roleId as RoleId));
        cached = { roles, merchants: new Set(merchantIds), expiresAtMs: Date.now() + ttlMs };
        return cached;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  /** The role's policy, or (a Merchant user) its merchant's owner, requires a second factor. */
  async function isRequired(user: { roleId: number; merchantId: string | null }): Promise<boolean> {
    const { roles, merchants } = await policy();
    if (roles.has(user.roleId as RoleId)) return true;
    return user.roleId === ROLE.Merchant && user.merchantId !== null && merchants.has(user.merchantId);
  }

  return {
    isRequired,
    async mustEnrol(user: typeof users.$inferSelect): Promise<boolean> {
      return user.secondFactorEnrolledAt === null && (await isRequired(user));
    },
    /** A user without a factor has nothing to step up with: only enrolled users are asked. */
    async needsStepUp(user: typeof users.$inferSelect, sessionId: string): Promise<boolean> {
      if (user.secondFactorEnrolledAt === null) return false;
      return !(await deps.sessions.isSecondFactorFresh(sessionId, deps.stepUpValidSeconds));
    },
    /** After this instance changed the policy (or a merchant's requirement). */
    forgetPolicy() {
      cached = null;
    },
  };
}
export type SecondFactorGate = ReturnType<typeof createSecondFactorGate>;
