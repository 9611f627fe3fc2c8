import { ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { api, auditFor, tokenFromLink } from './users.test-support';

describe('POST /users (invite)', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  let adminId: string;
  let subAdmin: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp();
    const a = await signedInUser(t, ROLE.Admin);
    admin = api(t.app, a.headers);
    adminId = a.user.id;
    subAdmin = api(t.app, (await signedInUser(t, ROLE.SubAdmin)).headers);
  });
  afterAll(() => t.close());

  it('creates an invited user without a password, mails an activation link and audits it', async () => {
    const res = await admin.post('/users', { email: '  New.Staff@Invite.TEST ', name: ' Dewi ', roleId: ROLE.Staff });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      email: 'new.staff@invite.test',
      name: 'Dewi',
      roleId: ROLE.Staff,
      status: 'invited',
      merchantId: null,
      isLoggedIn: false,
      lastLoginAt: null,
    });
    expect(user).not.toHaveProperty('passwordHash');

    const link = t.mailer.lastLinkTo('new.staff@invite.test');
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/activate\?token=/);
    const activate = await t.app.inject({
      method: 'POST',
      url: '/auth/activate',
      payload: { token: tokenFromLink(link), password: 'a long enough password 1' },
    });
    expect(activate.statusCode).toBeLessThan(300);

    const entry = (await auditFor(t, user.id)).find((row) => row.action === AUDIT_ACTIONS.userInvited);
    expect(entry).toMatchObject({
      action: AUDIT_ACTIONS.userInvited,
      actorUserId: adminId,
      targetType: 'user',
      targetId: user.id,
      ip: '127.0.0.1',
      details: { email: 'new.staff@invite.test', name: 'Dewi', roleId: ROLE.Staff },
    });
  });

  it.each([ROLE.Staff, ROLE.PhoneFarm, ROLE.SubAdmin])('lets an Admin invite role %i', async (roleId) => {
    const res = await admin.post('/users', { email: `role${roleId}@invite.test`, name: 'R', roleId });
    expect(res.statusCode).toBe(201);
    expect(res.json().roleId).toBe(roleId);
  });

  it.each([ROLE.Admin, 9])('refuses role %i with 422 on body.roleId', async (roleId) => {
    const res = await admin.post('/users', { email: `bad${roleId}@invite.test`, name: 'R', roleId });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toHaveProperty(['body.roleId']);
    expect(t.mailer.messages.some((m) => m.to === `bad${roleId}@invite.test`)).toBe(false);
  });

  it('lets a Sub Admin invite Staff and Phone Farm but not another Sub Admin (422 on body.roleId)', async () => {
    expect(
      (await subAdmin.post('/users', { email: 'sa-staff@invite.test', name: 'S', roleId: ROLE.Staff })).statusCode,
    ).toBe(201);
    expect(
      (await subAdmin.post('/users', { email: 'sa-pf@invite.test', name: 'P', roleId: ROLE.PhoneFarm })).statusCode,
    ).toBe(201);
    const res = await subAdmin.post('/users', { email: 'sa-sa@invite.test', name: 'X', roleId: ROLE.SubAdmin });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'body.roleId': expect.any(String) },
    });
    const list = await admin.get('/users?q=sa-sa@invite.test');
    expect(list.json().items).toEqual([]);
  });

  it('refuses an email already in use, in any letter case, with 409 naming body.email', async () => {
    await insertUser(t.database, { email: 'taken@invite.test' });
    const res = await admin.post('/users', { email: 'TAKEN@invite.test', name: 'Dup', roleId: ROLE.Staff });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', fields: { 'body.email': expect.any(String) } });
  });

  it.each([
    [{ email: 'not-an-email', name: 'N', roleId: ROLE.Staff }, 'body.email'],
    [{ email: 'blank@invite.test', name: '   ', roleId: ROLE.Staff }, 'body.name'],
    [{ email: 'extra@invite.test', name: 'N', roleId: ROLE.Staff, password: 'x' }, 'password'],
    [{ email: 'norole@invite.test', name: 'N' }, 'body.roleId'],
  ])('refuses %j with 422 naming %s', async (payload, field) => {
    const res = await admin.post('/users', payload);
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().error.fields)).toContain(field);
  });
});
