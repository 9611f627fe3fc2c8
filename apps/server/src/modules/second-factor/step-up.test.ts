import { randomUUID } from 'node:crypto';
import { createApiToken, ROLE } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { sessions } from '../../db/schema';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { auditRows } from '../auth/auth.test-support';
import { call, codeAt, enrolTotp, signInWithCode } from './second-factor.test-support';

const tokenBody = () => ({ name: `Step-up ${randomUUID().slice(0, 6)}`, scopes: ['payments:read'] });

describe('step-up before money actions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const createToken = (headers: Record<string, string>) =>
    call(t.app, createApiToken.method, createApiToken.path, headers, tokenBody());

  it('a user without a second factor is not asked', async () => {
    const { headers } = await signedInUser(t, ROLE.Merchant, { merchantId: randomUUID() });
    expect((await createToken(headers)).statusCode).toBe(201);
  });

  it('an enrolled user is refused STEP_UP_REQUIRED once the factor is older than 5 minutes, and nothing is created', async () => {
    const { user, headers } = await signedInUser(t, ROLE.Merchant, { merchantId: randomUUID() });
    const { secret } = await enrolTotp(t.app, headers);
    const session = await signInWithCode(t.app, user.email, codeAt(secret));
    // Proved at sign-in: fresh.
    expect((await createToken(session.headers)).statusCode).toBe(201);

    await t.database.db
      .update(sessions)
      .set({ secondFactorVerifiedAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.userId, user.id));
    const refused = await createToken(session.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('STEP_UP_REQUIRED');
    const list = await call(t.app, 'GET', '/api-tokens', session.headers);
    expect(list.json().items ?? list.json()).toHaveLength(1);
  });

  it('a step-up with a fresh code lets the action through; a wrong code does not', async () => {
    const { user, headers } = await signedInUser(t, ROLE.Merchant, { merchantId: randomUUID() });
    const { secret, recoveryCodes } = await enrolTotp(t.app, headers);
    // The session that enrolled proved the factor then; age it.
    await t.database.db
      .update(sessions)
      .set({ secondFactorVerifiedAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.userId, user.id));
    expect((await createToken(headers)).json().error.code).toBe('STEP_UP_REQUIRED');

    const wrong = await call(t.app, 'POST', '/auth/step-up', headers, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_SECOND_FACTOR');
    expect((await createToken(headers)).json().error.code).toBe('STEP_UP_REQUIRED');

    const stepped = await call(t.app, 'POST', '/auth/step-up', headers, { code: codeAt(secret) });
    expect(stepped.statusCode).toBe(200);
    const validFor = new Date(stepped.json().validUntil).getTime() - Date.now();
    expect(validFor).toBeGreaterThan(4 * 60_000);
    expect(validFor).toBeLessThanOrEqual(5 * 60_000 + 1000);
    expect((await createToken(headers)).statusCode).toBe(201);
    expect((await auditRows(t.database, AUDIT_ACTIONS.stepUpSucceeded)).some((r) => r.actorUserId === user.id)).toBe(
      true,
    );
    // A recovery code steps up too (and is used up).
    expect((await call(t.app, 'POST', '/auth/step-up', headers, { code: recoveryCodes[0] })).statusCode).toBe(200);
  });

  it('step-up is per session: another session of the same user still has to prove it', async () => {
    const { user, headers } = await signedInUser(t, ROLE.Merchant, { merchantId: randomUUID() });
    const { secret } = await enrolTotp(t.app, headers);
    const other = await signInWithCode(t.app, user.email, codeAt(secret));
    await t.database.db
      .update(sessions)
      .set({ secondFactorVerifiedAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.userId, user.id));
    await call(t.app, 'POST', '/auth/step-up', headers, { code: codeAt(secret, 1) });
    expect((await createToken(headers)).statusCode).toBe(201);
    expect((await createToken(other.headers)).json().error.code).toBe('STEP_UP_REQUIRED');
  });

  it('recovery codes are replaced only after a step-up, and the old ones stop working', async () => {
    const { headers } = await signedInUser(t, ROLE.Staff);
    const { recoveryCodes: old } = await enrolTotp(t.app, headers);
    const fresh = await call(t.app, 'POST', '/auth/second-factor/recovery-codes', headers, {});
    expect(fresh.statusCode).toBe(200);
    const codes: string[] = fresh.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(old[0]);
    const oldCode = await call(t.app, 'POST', '/auth/step-up', headers, { code: old[0] });
    expect(oldCode.json().error.code).toBe('INVALID_SECOND_FACTOR');
    expect((await call(t.app, 'POST', '/auth/step-up', headers, { code: codes[0] })).statusCode).toBe(200);
  });
});
