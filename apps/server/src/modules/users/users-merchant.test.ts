import { ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ensureMerchant, signedInUser, signIn, type TestApp } from '../../../test/helpers/test-app';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { api, auditFor, tokenFromLink } from './users.test-support';

const MERCHANT_A = 'a0000000-0000-4000-8000-00000000000a';
const MERCHANT_B = 'b0000000-0000-4000-8000-00000000000b';

describe('Merchant users (invited per merchant by an Admin)', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  let subAdmin: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp();
    await ensureMerchant(t.database, MERCHANT_A);
    await ensureMerchant(t.database, MERCHANT_B);
    admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    subAdmin = api(t.app, (await signedInUser(t, ROLE.SubAdmin)).headers);
  });
  afterAll(() => t.close());

  it('invites a Merchant user into a merchant, who activates and signs in as that merchant', async () => {
    const res = await admin.post('/users', {
      email: 'owner@shop-a.test',
      name: 'Owner A',
      roleId: ROLE.Merchant,
      merchantId: MERCHANT_A,
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ roleId: ROLE.Merchant, merchantId: MERCHANT_A, status: 'invited' });
    expect(user.merchantName).toMatch(/^Test Merchant/);

    const link = t.mailer.lastLinkTo('owner@shop-a.test');
    const password = 'merchant owner password 1';
    await t.app.inject({ method: 'POST', url: '/auth/activate', payload: { token: tokenFromLink(link), password } });
    const session = await signIn(t.app, 'owner@shop-a.test', password);
    const me = await t.app.inject({ method: 'GET', url: '/auth/current-user', headers: session.headers });
    expect(me.json()).toMatchObject({ id: user.id, roleId: ROLE.Merchant, merchantId: MERCHANT_A });
    // Its merchant's withdrawal fee, so the console can say what a withdrawal will hold.
    expect(me.json().merchantWithdrawalFee).toEqual({ percent: expect.any(String), fixed: expect.any(String) });

    const audit = (await auditFor(t, user.id)).find((row) => row.action === AUDIT_ACTIONS.userInvited);
    expect(audit?.details).toMatchObject({ roleId: ROLE.Merchant, merchantId: MERCHANT_A });
  });

  it.each([
    [{ roleId: ROLE.Merchant }, 'body.merchantId'],
    [{ roleId: ROLE.Merchant, merchantId: '0b5f3c1e-0000-4000-8000-0000000000ff' }, 'body.merchantId'],
    [{ roleId: ROLE.Merchant, merchantId: 'not-a-uuid' }, 'body.merchantId'],
    [{ roleId: ROLE.Staff, merchantId: MERCHANT_A }, 'body.merchantId'],
  ])('refuses %j with 422 naming %s, and creates nobody', async (fields, field) => {
    const email = `refused-${Object.values(fields).join('-')}@shop.test`.toLowerCase();
    const res = await admin.post('/users', { email, name: 'N', ...fields });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.fields)).toContain(field);
    expect((await admin.get(`/users?q=${encodeURIComponent(email)}`)).json().items).toEqual([]);
  });

  it('does not let a Sub Admin give anyone access to a merchant', async () => {
    const res = await subAdmin.post('/users', {
      email: 'sub-made@shop.test',
      name: 'N',
      roleId: ROLE.Merchant,
      merchantId: MERCHANT_A,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toHaveProperty(['body.roleId']);
  });

  it('lists the users of one merchant', async () => {
    await admin.post('/users', {
      email: 'clerk@shop-b.test',
      name: 'Clerk B',
      roleId: ROLE.Merchant,
      merchantId: MERCHANT_B,
    });
    const res = await admin.get(`/users?merchantId=${MERCHANT_B}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((u: { email: string }) => u.email)).toEqual(['clerk@shop-b.test']);
  });

  it("keeps a Merchant user's role, but lets an Admin rename and disable them", async () => {
    const { user } = await signedInUser(t, ROLE.Merchant, { merchantId: MERCHANT_A });
    const toStaff = await admin.patch(`/users/${user.id}`, { roleId: ROLE.Staff });
    expect(toStaff.statusCode).toBe(422);
    expect(toStaff.json().error.fields).toHaveProperty(['body.roleId']);
    expect((await admin.patch(`/users/${user.id}`, { name: 'Renamed' })).json().name).toBe('Renamed');
    expect((await admin.post(`/users/${user.id}/disable`)).json()).toMatchObject({
      status: 'disabled',
      roleId: ROLE.Merchant,
      merchantId: MERCHANT_A,
    });
  });
});
