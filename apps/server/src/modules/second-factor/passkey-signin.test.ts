import { randomUUID } from 'node:crypto';
import { createApiToken, ROLE, SIGNIN_CHALLENGE_MAX_FAILURES } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { passkeys, sessions, webauthnChallenges } from '../../db/schema';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { auditRows } from '../auth/auth.test-support';
import { addPasskey, createSoftPasskey, passkeyStep, stepUpWithPasskey } from './passkey.test-support';
import { call, passwordStep } from './second-factor.test-support';

describe('signing in and stepping up with a passkey', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A signed-in Merchant user with one passkey (its counter starting at `counter`). */
  async function userWithPasskey(options: { counter?: number } = {}) {
    const signedIn = await signedInUser(t, ROLE.Merchant, { merchantId: randomUUID() });
    const passkey = createSoftPasskey(options);
    const added = await addPasskey(t.app, signedIn.headers, passkey);
    return { ...signedIn, passkey, passkeyId: added.passkey.id, recoveryCodes: added.recoveryCodes };
  }

  it('password, then the passkey, signs in; the passkey is marked used', async () => {
    const { user, passkey, passkeyId } = await userWithPasskey();
    const challengeToken = await passwordStep(t.app, user.email);
    const options = await t.app.inject({
      method: 'POST',
      url: '/auth/signin/second-factor/passkey-options',
      payload: { challengeToken },
    });
    expect(options.json()).toMatchObject({
      rpId: 'localhost',
      userVerification: 'preferred',
      allowCredentials: [{ id: passkey.id, type: 'public-key', transports: ['internal'] }],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/signin/second-factor/passkey',
      payload: { challengeToken, response: passkey.assert({ challenge: options.json().challenge }) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accessToken: expect.any(String), user: { id: user.id } });

    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, passkeyId));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    const used = await auditRows(t.database, AUDIT_ACTIONS.passkeyUsed);
    expect(used.find((r) => r.targetId === user.id)?.details).toEqual({ passkeyId, ceremony: 'signin' });
    const signins = await auditRows(t.database, AUDIT_ACTIONS.signinSucceeded);
    expect(signins.findLast((r) => r.targetId === user.id)?.details).toMatchObject({ secondFactor: 'passkey' });
    // The sign-in challenge is used up, as after a code.
    expect((await passkeyStep(t.app, challengeToken, passkey)).json().error.code).toBe('SIGNIN_CHALLENGE_INVALID');
  });

  it('an assertion is good once: replayed, or answering an expired challenge, it is refused', async () => {
    const { user, passkey } = await userWithPasskey();
    const challengeToken = await passwordStep(t.app, user.email);
    const options = await t.app.inject({
      method: 'POST',
      url: '/auth/signin/second-factor/passkey-options',
      payload: { challengeToken },
    });
    const response = passkey.assert({ challenge: options.json().challenge });
    const send = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/signin/second-factor/passkey',
        payload: { challengeToken: token, response },
      });
    expect((await send(challengeToken)).statusCode).toBe(200);
    // Replayed on a new sign-in: its WebAuthn challenge was taken.
    const replay = await send(await passwordStep(t.app, user.email));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('PASSKEY_REFUSED');

    const expiring = await passwordStep(t.app, user.email);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/auth/signin/second-factor/passkey-options',
      payload: { challengeToken: expiring },
    });
    await t.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.userId, user.id));
    const late = await t.app.inject({
      method: 'POST',
      url: '/auth/signin/second-factor/passkey',
      payload: { challengeToken: expiring, response: passkey.assert({ challenge: fresh.json().challenge }) },
    });
    expect(late.json().error.code).toBe('PASSKEY_REFUSED');
  });

  it('an assertion made for another site (origin) is refused and counted as a failure', async () => {
    const { user, passkey } = await userWithPasskey();
    const res = await passkeyStep(t.app, await passwordStep(t.app, user.email), passkey, {
      origin: 'https://gerbang.example.evil',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('PASSKEY_REFUSED');
    const failed = await auditRows(t.database, AUDIT_ACTIONS.secondFactorFailed);
    expect(failed.find((r) => r.targetId === user.id)?.details).toMatchObject({
      method: 'passkey',
      reason: expect.stringContaining('origin'),
    });
    // The passkey itself still works from the console.
    expect((await passkeyStep(t.app, await passwordStep(t.app, user.email), passkey)).statusCode).toBe(200);
  });

  it('a counter that goes backwards (a cloned passkey) is refused', async () => {
    const { user, passkey, passkeyId } = await userWithPasskey({ counter: 5 });
    expect((await passkeyStep(t.app, await passwordStep(t.app, user.email), passkey)).statusCode).toBe(200);
    const [used] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, passkeyId));
    expect(used?.counter).toBe(6);

    const clone = await passkeyStep(t.app, await passwordStep(t.app, user.email), passkey, { counter: 3 });
    expect(clone.json().error.code).toBe('PASSKEY_REFUSED');
    const failed = await auditRows(t.database, AUDIT_ACTIONS.secondFactorFailed);
    expect(failed.findLast((r) => r.targetId === user.id)?.details).toMatchObject({
      reason: expect.stringContaining('counter'),
    });
    const same = await passkeyStep(t.app, await passwordStep(t.app, user.email), passkey, { counter: 6 });
    expect(same.json().error.code).toBe('PASSKEY_REFUSED');
    expect((await passkeyStep(t.app, await passwordStep(t.app, user.email), passkey, { counter: 7 })).statusCode).toBe(
      200,
    );
  });

  it(`a sign-in dies after ${SIGNIN_CHALLENGE_MAX_FAILURES} refused passkey answers, as after wrong codes`, async () => {
    const { user, passkey } = await userWithPasskey();
    const challengeToken = await passwordStep(t.app, user.email);
    for (let i = 0; i < SIGNIN_CHALLENGE_MAX_FAILURES; i += 1) {
      const wrong = await passkeyStep(t.app, challengeToken, passkey, { origin: 'https://evil.example' });
      expect(wrong.json().error.code).toBe('PASSKEY_REFUSED');
    }
    expect((await passkeyStep(t.app, challengeToken, passkey)).json().error.code).toBe('SIGNIN_CHALLENGE_INVALID');
  });

  it('a passkey the user does not have is refused, and a user without passkeys gets no options', async () => {
    const { user, headers } = await signedInUser(t, ROLE.Staff);
    await addPasskey(t.app, headers, createSoftPasskey());
    const stranger = createSoftPasskey();
    const unknown = await passkeyStep(t.app, await passwordStep(t.app, user.email), stranger);
    expect(unknown.json().error.code).toBe('PASSKEY_REFUSED');
    const plain = await signedInUser(t, ROLE.Staff);
    expect((await call(t.app, 'POST', '/auth/step-up/passkey-options', plain.headers, {})).statusCode).toBe(409);
  });

  it('a money action refused for want of a step-up passes after a step-up with the passkey', async () => {
    const { user, headers, passkey } = await userWithPasskey();
    await t.database.db
      .update(sessions)
      .set({ secondFactorVerifiedAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.userId, user.id));
    const createToken = () =>
      call(t.app, createApiToken.method, createApiToken.path, headers, { name: 'Passkey', scopes: ['payments:read'] });
    expect((await createToken()).json().error.code).toBe('STEP_UP_REQUIRED');

    const res = await stepUpWithPasskey(t.app, headers, passkey);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ validUntil: expect.any(String) });
    expect((await createToken()).statusCode).toBe(201);
    const stepUps = await auditRows(t.database, AUDIT_ACTIONS.stepUpSucceeded);
    expect(stepUps.findLast((r) => r.actorUserId === user.id)?.details).toEqual({ method: 'passkey' });
  });

  it("a step-up's options are for its own session: another session cannot answer them", async () => {
    const { user, headers, passkey } = await userWithPasskey();
    const { challenge } = (await call(t.app, 'POST', '/auth/step-up/passkey-options', headers, {})).json();
    const otherSignin = await passkeyStep(t.app, await passwordStep(t.app, user.email), passkey);
    const other = { authorization: `Bearer ${otherSignin.json().accessToken}` };
    const res = await call(t.app, 'POST', '/auth/step-up/passkey', other, { response: passkey.assert({ challenge }) });
    expect(res.json().error.code).toBe('PASSKEY_REFUSED');
    // Nor can the same assertion be sent twice in its own session.
    const response = passkey.assert({
      challenge: (await call(t.app, 'POST', '/auth/step-up/passkey-options', headers, {})).json().challenge,
    });
    expect((await call(t.app, 'POST', '/auth/step-up/passkey', headers, { response })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/auth/step-up/passkey', headers, { response })).json().error.code).toBe(
      'PASSKEY_REFUSED',
    );
  });
});
