import type { RoleId, User } from '@gerbang/contract';
import type { users } from '../../db/schema';

type UserFields = Omit<typeof users.$inferSelect, 'passwordHash'> & {
  isLoggedIn?: unknown;
  merchantName?: string | null;
};

/**
 * The contract's user, field by field: an allowlist, so the password hash can never leave the
 * server. `isLoggedIn` comes from the row (list queries) unless the caller knows it (own session).
 */
export function toUserResponse(row: UserFields, isLoggedIn: boolean = Boolean(row.isLoggedIn)): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roleId: row.roleId as RoleId,
    merchantId: row.merchantId,
    merchantRole: row.merchantRole ?? null,
    merchantName: row.merchantName ?? null,
    status: row.status,
    isLoggedIn,
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    secondFactorEnrolled: row.secondFactorEnrolledAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
