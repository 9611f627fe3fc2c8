import { ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, signedInUser, signIn, type TestApp } from '../../../test/helpers/test-app';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { api, auditFor, tokenFromLink } from './users.test-support';

describe('POST /users/:id/disable, /enable and /resend-activation', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  let adminId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const a = await signedInUser(t, ROLE.Admin);
    admin = api(t.app, a.headers);
    adminId = a.user.id;
  });
  afterAll(() => t.close());

  const currentUser = (headers: { authorization: string }) =>
    t.app.inject({ method: 'GET', url: '/auth/current-user', headers });

  it('disabling ends every session of the user at once and tells realtime', async () => {
    const staff = await signedInUser(t, ROLE.Staff);
    const second = await signIn(t.app, staff.user.email);
    const ended: Array<{ sessionId: string; reason: string }> = [];
    const off = t.app.ctx.events.on('session.ended', (e) => ended.push(e));
    // Warm the session cache: disabling must not wait for it to expire.
    expect((await currentUser(staff.headers)).statusCode).toBe(200);

    const res = await admin.post(`/users/${staff.user.id}/disable`);
    off();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'disabled', isLoggedIn: false });
    expect((await currentUser(staff.headers)).statusCode).toBe(401);
    expect((await currentUser(second.headers)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh-token',
      headers: { authorization: `Bearer ${second.refreshToken}` },
    });
    expect(refresh.statusCode).toBe(401);
    expect(ended).toHaveLength(2);
    expect(ended.every((e) => e.reason === 'disabled')).toBe(true);

    const entry = (await auditFor(t, staff.user.id)).find((row) => row.action === AUDIT_ACTIONS.userDisabled);
    expect(entry).toMatchObject({
      actorUserId: adminId,
      ip: '127.0.0.1',
      details: { status: { from: 'active', to: 'disabled' }, endedSessions: 2 },
    });
  });

  it('enabling lets the user sign in again, and is audited', async () => {
    const user = await insertUser(t.database, { roleId: ROLE.PhoneFarm });
    await admin.post(`/users/${user.id}/disable`);
    await expect(signIn(t.app, user.email)).rejects.toThrow();
    const res = await admin.post(`/users/${user.id}/enable`);
    expect(res.json()).toMatchObject({ status: 'active' });
    await expect(signIn(t.app, user.email)).resolves.toHaveProperty('accessToken');
    const entry = (await auditFor(t, user.id)).find((row) => row.action === AUDIT_ACTIONS.userEnabled);
    expect(entry).toMatchObject({ actorUserId: adminId, details: { status: { from: 'disabled', to: 'active' } } });
  });

  it('enabling a user disabled before activation puts them back to invited', async () => {
    const user = await insertUser(t.database, { roleId: ROLE.Staff, password: null });
    await admin.post(`/users/${user.id}/disable`);
    expect((await admin.post(`/users/${user.id}/enable`)).json().status).toBe('invited');
  });

  it('does not let you disable yourself', async () => {
    const res = await admin.post(`/users/${adminId}/disable`);
    expect(res.statusCode).toBe(403);
    expect((await admin.get(`/users/${adminId}`)).json().status).toBe('active');
  });

  it('resends activation: the new link works and the previous one does not', async () => {
    const invited = await admin.post('/users', { email: 'resend@actions.test', name: 'Re', roleId: ROLE.Staff });
    const id = invited.json().id;
    const first = tokenFromLink(t.mailer.lastLinkTo('resend@actions.test'));
    const res = await admin.post(`/users/${id}/resend-activation`);
    expect(res.statusCode).toBe(200);
    const second = tokenFromLink(t.mailer.lastLinkTo('resend@actions.test'));
    expect(second).not.toBe(first);
    const activate = (token: string) =>
      t.app.inject({ method: 'POST', url: '/auth/activate', payload: { token, password: 'a long enough password 2' } });
    expect((await activate(first)).statusCode).toBe(400);
    expect((await activate(second)).statusCode).toBeLessThan(300);
    const entry = (await auditFor(t, id)).find((row) => row.action === AUDIT_ACTIONS.userActivationResent);
    expect(entry).toMatchObject({ actorUserId: adminId, targetId: id });
  });

  it('refuses to resend activation to a user who is not invited (409 INVALID_STATE)', async () => {
    const active = await insertUser(t.database, { roleId: ROLE.Staff });
    const res = await admin.post(`/users/${active.id}/resend-activation`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('INVALID_STATE');
  });

  it('lets a Sub Admin operate on Staff but not on a Sub Admin', async () => {
    const subAdmin = api(t.app, (await signedInUser(t, ROLE.SubAdmin)).headers);
    const staff = await insertUser(t.database, { roleId: ROLE.Staff });
    const peer = await insertUser(t.database, { roleId: ROLE.SubAdmin });
    expect((await subAdmin.post(`/users/${staff.id}/disable`)).statusCode).toBe(200);
    expect((await subAdmin.post(`/users/${peer.id}/disable`)).statusCode).toBe(403);
    expect((await subAdmin.post(`/users/${peer.id}/enable`)).statusCode).toBe(403);
  });
});
