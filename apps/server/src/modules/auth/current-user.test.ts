import { ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';

describe('GET /auth/current-user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('returns the signed-in user as the contract shapes it, marked logged in', async () => {
    const { user, headers } = await signedInUser(t, ROLE.SubAdmin, { name: 'Budi' });
    const res = await t.app.inject({ method: 'GET', url: '/auth/current-user', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      email: user.email,
      name: 'Budi',
      roleId: ROLE.SubAdmin,
      merchantId: null,
      merchantRole: null,
      merchantName: null,
      status: 'active',
      isLoggedIn: true,
      lastLoginAt: expect.any(String),
      secondFactorEnrolled: false,
      secondFactorRequired: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('answers 401 UNAUTHENTICATED without a token, with a garbled one, or with a refresh token', async () => {
    const { refreshToken, accessToken } = await signedInUser(t, ROLE.Staff);
    for (const authorization of [undefined, 'Bearer nonsense', `Bearer ${refreshToken}`, `Basic ${accessToken}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/auth/current-user',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' }, requestId: expect.any(String) });
    }
  });
});
