import { ROLE } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { sessions } from '../../db/schema';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { auditRows } from '../auth/auth.test-support';
import { call, codeAt, enrolTotp, passwordStep, signInWithCode } from './second-factor.test-support';

const POLICY = '/security/second-factor-policy';

describe('the second-factor policy per role, and resets', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t, ROLE.Admin);
  });
  afterAll(() => t.close());

  const setRequired = (roleId: number, required: boolean) =>
    call(t.app, 'PUT', POLICY, admin.headers, { roles: [{ roleId, required }] });

  it('is off for every role by default, and only an Admin reads or changes it', async () => {
    const res = await call(t.app, 'GET', POLICY, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual([1, 2, 3, 4, 5].map((roleId) => ({ roleId, required: false })));
    const subAdmin = await signedInUser(t, ROLE.SubAdmin);
    expect((await call(t.app, 'GET', POLICY, subAdmin.headers)).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', POLICY, subAdmin.headers, { roles: [] })).statusCode).toBe(403);
  });

  it('refuses a policy naming an unknown role or a role twice, naming the field, and changes nothing', async () => {
    const unknown = await call(t.app, 'PUT', POLICY, admin.headers, { roles: [{ roleId: 9, required: true }] });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().error.fields).join()).toContain('roles');
    const twice = await call(t.app, 'PUT', POLICY, admin.headers, {
      roles: [
        { roleId: 2, required: true },
        { roleId: 2, required: false },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(
      (await call(t.app, 'GET', POLICY, admin.headers)).json().roles.every((r: { required: boolean }) => !r.required),
    ).toBe(true);
  });

  it('a user whose role requires a factor can only enrol until it has one, then works as before', async () => {
    const staff = await signedInUser(t, ROLE.PhoneFarm);
    expect((await setRequired(ROLE.PhoneFarm, true)).statusCode).toBe(200);
    try {
      const refused = await call(t.app, 'GET', '/devices', staff.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
      const me = await call(t.app, 'GET', '/auth/current-user', staff.headers);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ secondFactorEnrolled: false, secondFactorRequired: true });

      await enrolTotp(t.app, staff.headers);
      expect((await call(t.app, 'GET', '/devices', staff.headers)).statusCode).toBe(200);
      // Required for the role: it cannot be removed, even with a fresh factor.
      const removal = await call(t.app, 'DELETE', '/auth/second-factor', staff.headers);
      expect(removal.statusCode).toBe(409);
      expect((await auditRows(t.database, AUDIT_ACTIONS.secondFactorPolicyChanged)).length).toBeGreaterThan(0);
    } finally {
      await setRequired(ROLE.PhoneFarm, false);
    }
  });

  it('a user removes its own factor (with a fresh step-up) while its role does not require one', async () => {
    const staff = await signedInUser(t, ROLE.Staff);
    await enrolTotp(t.app, staff.headers);
    expect((await call(t.app, 'DELETE', '/auth/second-factor', staff.headers)).statusCode).toBe(204);
    expect((await call(t.app, 'GET', '/auth/current-user', staff.headers)).json().secondFactorEnrolled).toBe(false);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email: staff.user.email, password: 'correct horse battery staple' },
    });
    expect(signin.json()).toHaveProperty('accessToken');
  });

  it("an Admin resets another user's factor (audited) but not its own", async () => {
    const staff = await signedInUser(t, ROLE.Staff);
    await enrolTotp(t.app, staff.headers);
    // Before the reset a password alone is not enough.
    expect(await passwordStep(t.app, staff.user.email)).toEqual(expect.any(String));

    const reset = await call(t.app, 'POST', `/users/${staff.user.id}/second-factor/reset`, admin.headers, {});
    expect(reset.statusCode).toBe(204);
    const rows = await auditRows(t.database, AUDIT_ACTIONS.secondFactorReset);
    expect(rows.at(-1)).toMatchObject({ actorUserId: admin.user.id, targetId: staff.user.id });
    // Signs in with the password alone again.
    const signin = await t.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email: staff.user.email, password: 'correct horse battery staple' },
    });
    expect(signin.json()).toHaveProperty('accessToken');

    // The user is told of each change by mail: the factor added, then the Admin's reset; no secret in it.
    const mails = t.mailer.messages.filter((message) => message.to === staff.user.email);
    expect(mails.map((message) => message.subject)).toEqual([
      '[Gerbang] A second factor was added to your Gerbang account',
      "[Gerbang] An Admin reset your Gerbang account's second factor",
    ]);
    expect(mails[1]?.text).toContain('If this was not you');

    const again = await call(t.app, 'POST', `/users/${staff.user.id}/second-factor/reset`, admin.headers, {});
    expect(again.statusCode).toBe(409);
    const own = await call(t.app, 'POST', `/users/${admin.user.id}/second-factor/reset`, admin.headers, {});
    expect(own.statusCode).toBe(409);
  });

  it('an Admin with a factor steps up before changing the policy', async () => {
    const other = await signedInUser(t, ROLE.Admin);
    const { secret } = await enrolTotp(t.app, other.headers);
    const session = await signInWithCode(t.app, other.user.email, codeAt(secret));
    await t.database.db
      .update(sessions)
      .set({ secondFactorVerifiedAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.userId, other.user.id));
    const refused = await call(t.app, 'PUT', POLICY, session.headers, {
      roles: [{ roleId: ROLE.Staff, required: true }],
    });
    expect(refused.json().error.code).toBe('STEP_UP_REQUIRED');
    expect((await call(t.app, 'GET', POLICY, admin.headers)).json().roles[1]).toEqual({ roleId: 2, required: false });
    await call(t.app, 'POST', '/auth/step-up', session.headers, { code: codeAt(secret, 1) });
    expect((await call(t.app, 'PUT', POLICY, session.headers, { roles: [] })).statusCode).toBe(200);
  });
});
