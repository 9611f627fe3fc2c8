import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, TEST_PASSWORD, type TestApp } from '../../../test/helpers/test-app';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { auditRows } from './auth.test-support';

const WRONG = 'not the password at all';

describe('failed sign-in limits', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const signin = (app: TestApp, email: string, password: string, remoteAddress: string) =>
    app.app.inject({ method: 'POST', url: '/auth/signin', payload: { email, password }, remoteAddress });

  it('refuses an account past its failures with 429 and Retry-After, even with the right password, from any ip', async () => {
    t = await createTestApp({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_FAILURE_WINDOW_MINUTES: '15' } });
    const user = await insertUser(t.database);
    const other = await insertUser(t.database);
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      expect((await signin(t, user.email, WRONG, ip)).statusCode).toBe(401);
    }
    const limited = await signin(t, user.email, TEST_PASSWORD, '10.0.0.4');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' }, requestId: expect.any(String) });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Nothing was checked: no new failure and no success were recorded, only the refusal.
    const failed = (await auditRows(t.database, AUDIT_ACTIONS.signinFailed)).filter((r) => r.subject === user.email);
    expect(failed).toHaveLength(3);
    expect(await auditRows(t.database, AUDIT_ACTIONS.signinSucceeded)).toHaveLength(0);
    expect(await auditRows(t.database, AUDIT_ACTIONS.signinRateLimited)).toEqual([
      expect.objectContaining({ subject: user.email, ip: '10.0.0.4' }),
    ]);

    // Another account from the same ip is not affected.
    expect((await signin(t, other.email, TEST_PASSWORD, '10.0.0.1')).statusCode).toBe(200);
  });

  it('refuses an ip past its failures, whichever account it tries next', async () => {
    t = await createTestApp({ env: { LOGIN_MAX_FAILURES_PER_IP: '3' } });
    const user = await insertUser(t.database);
    for (const email of ['a@example.test', 'b@example.test', 'c@example.test']) {
      expect((await signin(t, email, WRONG, '10.0.1.1')).statusCode).toBe(401);
    }
    const limited = await signin(t, user.email, TEST_PASSWORD, '10.0.1.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // The account itself is fine from another ip.
    expect((await signin(t, user.email, TEST_PASSWORD, '10.0.1.2')).statusCode).toBe(200);
  });

  it('lets the account sign in again once its failures leave the window', async () => {
    t = await createTestApp({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '2' } });
    const user = await insertUser(t.database);
    await signin(t, user.email, WRONG, '10.0.2.1');
    await signin(t, user.email, WRONG, '10.0.2.1');
    expect((await signin(t, user.email, TEST_PASSWORD, '10.0.2.1')).statusCode).toBe(429);

    await t.database.db.execute(
      sql`update audit_log set created_at = now() - interval '16 minutes' where action = ${AUDIT_ACTIONS.signinFailed}`,
    );
    expect((await signin(t, user.email, TEST_PASSWORD, '10.0.2.1')).statusCode).toBe(200);
  });

  it('counts the default of 10 failures per account before refusing', async () => {
    t = await createTestApp();
    const user = await insertUser(t.database);
    const attempts = [];
    for (let i = 0; i < 11; i += 1) attempts.push((await signin(t, user.email, WRONG, `10.0.3.${i}`)).statusCode);
    expect(attempts).toEqual([...Array(10).fill(401), 429]);
  });
});
