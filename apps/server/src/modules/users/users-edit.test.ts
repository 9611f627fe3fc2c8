import { randomUUID } from 'node:crypto';
import { ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { api, auditFor } from './users.test-support';

describe('GET and PATCH /users/:id', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  let adminId: string;
  let subAdmin: ReturnType<typeof api>;
  let subAdminId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const a = await signedInUser(t, ROLE.Admin, { name: 'Admin One' });
    admin = api(t.app, a.headers);
    adminId = a.user.id;
    const s = await signedInUser(t, ROLE.SubAdmin, { name: 'Sub One' });
    subAdmin = api(t.app, s.headers);
    subAdminId = s.user.id;
  });
  afterAll(() => t.close());

  it('shows one user', async () => {
    const user = await insertUser(t.database, { roleId: ROLE.PhoneFarm, name: 'Rizal' });
    const res = await admin.get(`/users/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      email: user.email,
      name: 'Rizal',
      roleId: ROLE.PhoneFarm,
      merchantId: null,
      merchantRole: null,
      merchantName: null,
      status: 'active',
      isLoggedIn: false,
      lastLoginAt: null,
      secondFactorEnrolled: false,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    });
  });

  it('answers 404 for an unknown id and 422 for a malformed one', async () => {
    expect((await admin.get(`/users/${randomUUID()}`)).json().error.code).toBe('NOT_FOUND');
    const bad = await admin.get('/users/123');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toHaveProperty(['params.id']);
    expect((await admin.patch('/users/123', { name: 'x' })).statusCode).toBe(422);
    expect((await admin.post('/users/123/disable')).statusCode).toBe(422);
  });

  it('renames and changes the role, auditing what changed from what', async () => {
    const user = await insertUser(t.database, { roleId: ROLE.Staff, name: 'Before' });
    const res = await admin.patch(`/users/${user.id}`, { name: 'After', roleId: ROLE.PhoneFarm });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'After', roleId: ROLE.PhoneFarm });
    expect(new Date(res.json().updatedAt).getTime()).toBeGreaterThanOrEqual(user.updatedAt.getTime());
    const entry = (await auditFor(t, user.id)).find((row) => row.action === AUDIT_ACTIONS.userUpdated);
    expect(entry).toMatchObject({
      actorUserId: adminId,
      ip: '127.0.0.1',
      details: { changes: { name: { from: 'Before', to: 'After' }, roleId: { from: ROLE.Staff, to: ROLE.PhoneFarm } } },
    });
  });

  it('takes the new role into effect for the user’s open sessions at once', async () => {
    const staff = await signedInUser(t, ROLE.Staff);
    const asStaff = api(t.app, staff.headers);
    expect((await asStaff.get('/users')).statusCode).toBe(403);
    expect((await admin.patch(`/users/${staff.user.id}`, { roleId: ROLE.SubAdmin })).statusCode).toBe(200);
    expect((await asStaff.get('/users')).statusCode).toBe(200);
  });

  it('refuses an empty change and unknown fields', async () => {
    const user = await insertUser(t.database, { roleId: ROLE.Staff });
    expect((await admin.patch(`/users/${user.id}`, {})).statusCode).toBe(422);
    expect((await admin.patch(`/users/${user.id}`, { email: 'x@y.test' })).statusCode).toBe(422);
    expect((await admin.patch(`/users/${user.id}`, { roleId: ROLE.Admin })).statusCode).toBe(422);
  });

  it('lets you rename yourself but not change your own role (403)', async () => {
    expect((await subAdmin.patch(`/users/${subAdminId}`, { name: 'Sub Renamed' })).json().name).toBe('Sub Renamed');
    const res = await admin.patch(`/users/${adminId}`, { roleId: ROLE.SubAdmin });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it('does not let anyone edit another Admin (403)', async () => {
    const otherAdmin = await insertUser(t.database, { roleId: ROLE.Admin });
    expect((await admin.patch(`/users/${otherAdmin.id}`, { name: 'Nope' })).statusCode).toBe(403);
    expect((await admin.post(`/users/${otherAdmin.id}/disable`)).statusCode).toBe(403);
  });

  it('does not let a Sub Admin edit a Merchant user (403)', async () => {
    const merchantUser = await insertUser(t.database, {
      roleId: ROLE.Merchant,
      merchantId: 'c0000000-0000-4000-8000-00000000000c',
    });
    expect((await subAdmin.patch(`/users/${merchantUser.id}`, { name: 'Nope' })).statusCode).toBe(403);
    expect((await subAdmin.post(`/users/${merchantUser.id}/disable`)).statusCode).toBe(403);
  });

  it('lets a Sub Admin manage Staff and Phone Farm only, and give only those roles', async () => {
    const staff = await insertUser(t.database, { roleId: ROLE.Staff });
    const peer = await insertUser(t.database, { roleId: ROLE.SubAdmin });
    expect((await subAdmin.patch(`/users/${staff.id}`, { roleId: ROLE.PhoneFarm })).statusCode).toBe(200);
    expect((await subAdmin.patch(`/users/${peer.id}`, { name: 'Peer' })).statusCode).toBe(403);
    const promote = await subAdmin.patch(`/users/${staff.id}`, { roleId: ROLE.SubAdmin });
    expect(promote.statusCode).toBe(422);
    expect(promote.json().error.fields).toHaveProperty(['body.roleId']);
    expect((await admin.get(`/users/${staff.id}`)).json().roleId).toBe(ROLE.PhoneFarm);
  });
});
