import { type CurrentUser, ROLE, type RoleId } from '@gerbang/contract';

/** A user as the current-user check answers it (a list's user, with the policy's answer). */
export function makeUser(roleId: RoleId = ROLE.Admin, overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '0b3f2c9e-8a51-4c2d-9e3a-5d6f7a8b9c0d',
    email: 'ada@gerbang.local',
    name: 'Ada Lovelace',
    roleId,
    merchantId: null,
    merchantRole: null,
    merchantName: null,
    status: 'active',
    isLoggedIn: true,
    lastLoginAt: '2025-01-01T00:00:00.000Z',
    secondFactorEnrolled: false,
    secondFactorRequired: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...(roleId === ROLE.Merchant ? { merchantRole: 'owner' as const } : {}),
    ...overrides,
  };
}
