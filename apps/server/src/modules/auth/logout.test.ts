import { ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, signIn, type TestApp } from '../../../test/helpers/test-app';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { auditRows, currentUserStatus, refresh, sessionsOf } from './auth.test-support';

describe('POST /auth/logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 204 and the access token stops working at once, even though it was just used', async () => {
    const { accessToken, headers } = await signedInUser(t, ROLE.Staff);
    expect(await currentUserStatus(t.app, accessToken)).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/auth/logout', headers });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await currentUserStatus(t.app, accessToken)).toBe(401);
  });

  it('revokes the refresh family and keeps the user’s other sessions', async () => {
    const { user, refreshToken, headers } = await signedInUser(t, ROLE.Staff);
    const other = await signIn(t.app, user.email);
    await t.app.inject({ method: 'POST', url: '/auth/logout', headers });
    expect((await refresh(t.app, refreshToken)).statusCode).toBe(401);
    expect(await currentUserStatus(t.app, other.accessToken)).toBe(200);
    const reasons = (await sessionsOf(t.database, user.id)).map((s) => s.revokedReason).sort();
    expect(reasons).toEqual(['logout', null]);
  });

  it('announces session.ended with reason logout and writes an audit row', async () => {
    const { user, headers } = await signedInUser(t, ROLE.PhoneFarm);
    const ended: unknown[] = [];
    const off = t.app.ctx.events.on('session.ended', (e) => ended.push(e));
    await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{}',
      remoteAddress: '10.7.7.7',
    });
    off();
    const [session] = await sessionsOf(t.database, user.id);
    expect(ended).toEqual([{ sessionId: session!.id, userId: user.id, reason: 'logout' }]);
    const rows = (await auditRows(t.database, AUDIT_ACTIONS.logout)).filter((r) => r.actorUserId === user.id);
    expect(rows).toEqual([expect.objectContaining({ targetType: 'session', targetId: session!.id, ip: '10.7.7.7' })]);
  });

  it('answers 401 without a valid access token, and a second logout with the same token too', async () => {
    const { headers } = await signedInUser(t, ROLE.Staff);
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers })).statusCode).toBe(401);
  });
});
