import { ROLE, SIGNIN_CHALLENGE_MAX_FAILURES } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, TEST_PASSWORD, type TestApp } from '../../../test/helpers/test-app';
import { recoveryCodes, signinChallenges, totpAuthenticators } from '../../db/schema';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { auditRows } from '../auth/auth.test-support';
import { call, codeAt, codeStep, enrolTotp, passwordStep, signInWithCode } from './second-factor.test-support';

describe('TOTP enrolment and two-step sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('enrolment answers an otpauth URI (what the QR code holds) for SHA-1, 6 digits, 30 s, and stores the secret sealed', async () => {
    const { user, headers } = await signedInUser(t, ROLE.Staff);
    const res = await call(t.app, 'POST', '/auth/second-factor/totp', headers, {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(body.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(uri.searchParams.get('issuer')).toBe('Gerbang');
    const [row] = await t.database.db.select().from(totpAuthenticators).where(eq(totpAuthenticators.userId, user.id));
    expect(row?.secretSealed).not.toContain(body.secret);
    expect(row?.confirmedAt).toBeNull();
  });

  it('a wrong first code confirms nothing; a right one answers ten recovery codes, stored hashed', async () => {
    const { user, headers } = await signedInUser(t, ROLE.Staff);
    const { secret } = (await call(t.app, 'POST', '/auth/second-factor/totp', headers, {})).json();
    const wrong = await call(t.app, 'POST', '/auth/second-factor/totp/confirm', headers, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_SECOND_FACTOR');
    const bad = await call(t.app, 'POST', '/auth/second-factor/totp/confirm', headers, { code: '12ab' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toHaveProperty('body.code');

    const res = await call(t.app, 'POST', '/auth/second-factor/totp/confirm', headers, { code: codeAt(secret) });
    expect(res.statusCode).toBe(200);
    const codes: string[] = res.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);

    const me = await call(t.app, 'GET', '/auth/current-user', headers);
    expect(me.json()).toMatchObject({ secondFactorEnrolled: true, secondFactorRequired: false });
    expect((await auditRows(t.database, AUDIT_ACTIONS.secondFactorEnrolled)).map((r) => r.targetId)).toContain(user.id);
    // A second set-up is refused while one is confirmed.
    expect((await call(t.app, 'POST', '/auth/second-factor/totp', headers, {})).statusCode).toBe(409);
  });

  it('an enrolled user gets a challenge, not tokens, for a right password; the code step signs in', async () => {
    const { user, headers } = await signedInUser(t, ROLE.Staff);
    const { secret } = await enrolTotp(t.app, headers);
    const first = await t.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      secondFactorRequired: true,
      challengeToken: expect.any(String),
      expiresInSeconds: 300,
      methods: ['totp', 'recovery_code'],
    });
    expect(first.json()).not.toHaveProperty('accessToken');

    const second = await codeStep(t.app, first.json().challengeToken, codeAt(secret));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(second.json().user).toMatchObject({ id: user.id, secondFactorEnrolled: true });
    // The challenge is used up.
    const again = await codeStep(t.app, first.json().challengeToken, codeAt(secret, 1));
    expect(again.json().error.code).toBe('SIGNIN_CHALLENGE_INVALID');
  });

  it('a code already used cannot be used again within its window', async () => {
    const { user, headers } = await signedInUser(t, ROLE.Staff);
    const { secret } = await enrolTotp(t.app, headers);
    const code = codeAt(secret);
    await signInWithCode(t.app, user.email, code);
    const replay = await codeStep(t.app, await passwordStep(t.app, user.email), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('INVALID_SECOND_FACTOR');
    // Nor an older step's code once a newer one was taken.
    const older = await codeStep(t.app, await passwordStep(t.app, user.email), codeAt(secret, -1));
    expect(older.json().error.code).toBe('INVALID_SECOND_FACTOR');
    expect((await codeStep(t.app, await passwordStep(t.app, user.email), codeAt(secret, 1))).statusCode).toBe(200);
  });

  it('two concurrent sign-ins with the same code: exactly one gets in', async () => {
    const { user, headers } = await signedInUser(t, ROLE.Staff);
    const { secret } = await enrolTotp(t.app, headers);
    const code = codeAt(secret);
    const challenges = await Promise.all([passwordStep(t.app, user.email), passwordStep(t.app, user.email)]);
    const answers = await Promise.all(challenges.map((challenge) => codeStep(t.app, challenge, code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('a recovery code signs in once, in any case and without its dash', async () => {
    const { user, headers } = await signedInUser(t, ROLE.Staff);
    const { recoveryCodes: codes } = await enrolTotp(t.app, headers);
    const code = codes[3] as string;
    const typed = code.toUpperCase().replace('-', '');
    expect((await codeStep(t.app, await passwordStep(t.app, user.email), typed)).statusCode).toBe(200);
    const reused = await codeStep(t.app, await passwordStep(t.app, user.email), code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('INVALID_SECOND_FACTOR');
    const used = await auditRows(t.database, AUDIT_ACTIONS.recoveryCodeUsed);
    expect(used.filter((r) => r.targetId === user.id)).toHaveLength(1);
  });

  it(`a challenge dies after ${SIGNIN_CHALLENGE_MAX_FAILURES} wrong codes, even for the right one after`, async () => {
    const { user, headers } = await signedInUser(t, ROLE.Staff);
    const { secret } = await enrolTotp(t.app, headers);
    const challenge = await passwordStep(t.app, user.email);
    for (let i = 0; i < SIGNIN_CHALLENGE_MAX_FAILURES; i += 1) {
      const wrong = await codeStep(t.app, challenge, '000000', `10.9.0.${i + 1}`);
      expect(wrong.json().error.code).toBe('INVALID_SECOND_FACTOR');
    }
    const right = await codeStep(t.app, challenge, codeAt(secret));
    expect(right.statusCode).toBe(400);
    expect(right.json().error.code).toBe('SIGNIN_CHALLENGE_INVALID');
  });

  it('an expired challenge is refused', async () => {
    const { user, headers } = await signedInUser(t, ROLE.Staff);
    const { secret } = await enrolTotp(t.app, headers);
    const challenge = await passwordStep(t.app, user.email);
    await t.database.db.update(signinChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await codeStep(t.app, challenge, codeAt(secret));
    expect(res.json().error.code).toBe('SIGNIN_CHALLENGE_INVALID');
  });

  it('wrong codes across challenges are limited per account: past the limit even a right code waits', async () => {
    const limited = await createTestApp({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' } });
    try {
      const { user, headers } = await signedInUser(limited, ROLE.Staff);
      const { secret } = await enrolTotp(limited.app, headers);
      for (let i = 0; i < 3; i += 1) {
        const wrong = await codeStep(limited.app, await passwordStep(limited.app, user.email), '000000');
        expect(wrong.json().error.code).toBe('INVALID_SECOND_FACTOR');
      }
      const res = await codeStep(limited.app, await passwordStep(limited.app, user.email), codeAt(secret));
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
