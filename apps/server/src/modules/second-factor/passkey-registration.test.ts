import { ROLE } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, TEST_PASSWORD, type TestApp } from '../../../test/helpers/test-app';
import { passkeys, recoveryCodes, sessions, users } from '../../db/schema';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { auditRows } from '../auth/auth.test-support';
import { addPasskey, createSoftPasskey, stepUpWithPasskey } from './passkey.test-support';
import { call, codeAt, enrolTotp, passwordStep } from './second-factor.test-support';

const OPTIONS = '/auth/second-factor/passkeys/registration-options';
const REGISTER = '/auth/second-factor/passkeys';

describe('adding and removing passkeys', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t, ROLE.Admin);
  });
  afterAll(() => t.close());

  const ageStepUp = (userId: string) =>
    t.database.db
      .update(sessions)
      .set({ secondFactorVerifiedAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.userId, userId));
  const setRequired = (roleId: number, required: boolean) =>
    call(t.app, 'PUT', '/security/second-factor-policy', admin.headers, { roles: [{ roleId, required }] });

  it('a first passkey turns two-factor sign-in on, with ten recovery codes, and is listed by name', async () => {
    const { user, headers } = await signedInUser(t, ROLE.Staff);
    const options = await call(t.app, 'POST', OPTIONS, headers, {});
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({
      rp: { name: 'Gerbang', id: 'localhost' },
      user: { name: user.email },
      attestation: 'none',
      timeout: 120_000,
      excludeCredentials: [],
    });

    const passkey = createSoftPasskey();
    const res = await call(t.app, 'POST', REGISTER, headers, {
      name: ' Work laptop ',
      response: passkey.register({ challenge: options.json().challenge }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().recoveryCodes).toHaveLength(10);
    expect(res.json().passkey).toEqual({
      id: expect.any(String),
      name: 'Work laptop',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row).toMatchObject({ credentialId: passkey.id, counter: 0, transports: ['internal'] });

    const own = await call(t.app, 'GET', '/auth/second-factor', headers);
    expect(own.json()).toEqual({ totp: false, passkeys: [res.json().passkey], recoveryCodesLeft: 10 });
    expect((await call(t.app, 'GET', '/auth/current-user', headers)).json().secondFactorEnrolled).toBe(true);
    const enrolled = await auditRows(t.database, AUDIT_ACTIONS.secondFactorEnrolled);
    expect(enrolled.find((r) => r.targetId === user.id)?.details).toMatchObject({
      method: 'passkey',
      name: 'Work laptop',
    });
    // The password alone no longer signs in: a challenge offers the passkey and the recovery codes.
    const signin = await t.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(signin.json().methods).toEqual(['passkey', 'recovery_code']);
  });

  it('refuses a registration answered for another challenge, from another session, or twice', async () => {
    const { user, headers } = await signedInUser(t, ROLE.Staff);
    const passkey = createSoftPasskey();
    const forged = await call(t.app, 'POST', REGISTER, headers, {
      name: 'Forged',
      response: passkey.register({ challenge: 'bm90LWEtY2hhbGxlbmdlLWZyb20tdGhlLXNlcnZlcg' }),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('PASSKEY_REFUSED');

    // Options asked for in one session cannot be answered in another of the same user.
    const { challenge } = (await call(t.app, 'POST', OPTIONS, headers, {})).json();
    const other = await t.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const otherHeaders = { authorization: `Bearer ${other.json().accessToken}` };
    const elsewhere = await call(t.app, 'POST', REGISTER, otherHeaders, {
      name: 'Elsewhere',
      response: passkey.register({ challenge }),
    });
    expect(elsewhere.json().error.code).toBe('PASSKEY_REFUSED');

    const response = passkey.register({ challenge });
    expect((await call(t.app, 'POST', REGISTER, headers, { name: 'Once', response })).statusCode).toBe(200);
    const again = await call(t.app, 'POST', REGISTER, headers, { name: 'Twice', response });
    expect(again.json().error.code).toBe('PASSKEY_REFUSED');
    expect(await auditRows(t.database, AUDIT_ACTIONS.passkeyRegistrationFailed)).not.toHaveLength(0);
  });

  it('a passkey beside the authenticator app needs a fresh step-up and brings no new recovery codes', async () => {
    const { user, headers } = await signedInUser(t, ROLE.Staff);
    const { secret, recoveryCodes: codes } = await enrolTotp(t.app, headers);
    await ageStepUp(user.id);
    const refused = await call(t.app, 'POST', OPTIONS, headers, {});
    expect(refused.json().error.code).toBe('STEP_UP_REQUIRED');
    await call(t.app, 'POST', '/auth/step-up', headers, { code: codeAt(secret) });

    const added = await addPasskey(t.app, headers, createSoftPasskey(), 'Phone');
    expect(added.recoveryCodes).toEqual([]);
    expect((await call(t.app, 'GET', '/auth/second-factor', headers)).json()).toMatchObject({
      totp: true,
      recoveryCodesLeft: 10,
    });
    // The old codes still hold, and sign-in offers all three ways.
    expect((await call(t.app, 'POST', '/auth/step-up', headers, { code: codes[0] })).statusCode).toBe(200);
    const challenge = await t.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(challenge.json().methods).toEqual(['totp', 'passkey', 'recovery_code']);
  });

  it('the authenticator app can be added beside a passkey, after a step-up with the passkey', async () => {
    const { user, headers } = await signedInUser(t, ROLE.Staff);
    const passkey = createSoftPasskey();
    await addPasskey(t.app, headers, passkey);
    await ageStepUp(user.id);
    expect((await call(t.app, 'POST', '/auth/second-factor/totp', headers, {})).json().error.code).toBe(
      'STEP_UP_REQUIRED',
    );
    expect((await stepUpWithPasskey(t.app, headers, passkey)).statusCode).toBe(200);
    const { recoveryCodes: codes } = await enrolTotp(t.app, headers);
    expect(codes).toEqual([]);
  });

  it('removing a passkey needs a step-up; removing the last factor turns two-factor off', async () => {
    const { user, headers } = await signedInUser(t, ROLE.Staff);
    const first = await addPasskey(t.app, headers, createSoftPasskey(), 'Laptop');
    const laptop = createSoftPasskey();
    const second = await addPasskey(t.app, headers, laptop, 'Key');
    await ageStepUp(user.id);
    const path = (id: string) => `/auth/second-factor/passkeys/${id}`;
    expect((await call(t.app, 'DELETE', path(first.passkey.id), headers)).json().error.code).toBe('STEP_UP_REQUIRED');
    expect((await stepUpWithPasskey(t.app, headers, laptop)).statusCode).toBe(200);

    // Someone else's passkey is not found.
    expect((await call(t.app, 'DELETE', path(first.passkey.id), admin.headers)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', path(first.passkey.id), headers)).statusCode).toBe(204);
    expect((await call(t.app, 'GET', '/auth/current-user', headers)).json().secondFactorEnrolled).toBe(true);
    expect((await call(t.app, 'DELETE', path(second.passkey.id), headers)).statusCode).toBe(204);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.secondFactorEnrolledAt).toBeNull();
    expect(await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    const removed = await auditRows(t.database, AUDIT_ACTIONS.secondFactorRemoved);
    expect(removed.filter((r) => r.targetId === user.id).map((r) => r.details)).toEqual([
      { method: 'passkey', passkeyId: first.passkey.id },
      { method: 'passkey', passkeyId: second.passkey.id },
    ]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/auth/signin',
          payload: { email: user.email, password: TEST_PASSWORD },
        })
      ).json(),
    ).toHaveProperty('accessToken');
  });

  it('the last factor stays while the role requires one; another passkey can go', async () => {
    const staff = await signedInUser(t, ROLE.PhoneFarm);
    const only = await addPasskey(t.app, staff.headers, createSoftPasskey(), 'Only');
    expect((await setRequired(ROLE.PhoneFarm, true)).statusCode).toBe(200);
    try {
      const path = (id: string) => `/auth/second-factor/passkeys/${id}`;
      const refused = await call(t.app, 'DELETE', path(only.passkey.id), staff.headers);
      expect(refused.statusCode).toBe(409);
      const extra = await addPasskey(t.app, staff.headers, createSoftPasskey(), 'Extra');
      expect((await call(t.app, 'DELETE', path(extra.passkey.id), staff.headers)).statusCode).toBe(204);
      expect(await passwordStep(t.app, staff.user.email)).toEqual(expect.any(String));
    } finally {
      await setRequired(ROLE.PhoneFarm, false);
    }
  });

  it("an Admin's reset of a user's second factor removes its passkeys too", async () => {
    const { user, headers } = await signedInUser(t, ROLE.Staff);
    await addPasskey(t.app, headers, createSoftPasskey());
    expect((await call(t.app, 'POST', `/users/${user.id}/second-factor/reset`, admin.headers, {})).statusCode).toBe(
      204,
    );
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
  });
});
