import { BODY_LIMIT_BYTES, ROLE } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, TEST_PASSWORD, type TestApp } from '../../../test/helpers/test-app';
import { auditLog, sessions, users } from '../../db/schema';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { auditRows, currentUserStatus, postJson, sessionsOf } from './auth.test-support';

describe('POST /auth/signin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signin = (payload: unknown, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({ method: 'POST', url: '/auth/signin', payload: payload as object, ...extra });

  it('returns a token pair and the user, and the access token works at once', async () => {
    const user = await insertUser(t.database, { roleId: ROLE.Staff, name: 'Sari' });
    const res = await signin({ email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      user: expect.objectContaining({
        id: user.id,
        email: user.email,
        name: 'Sari',
        roleId: ROLE.Staff,
        merchantId: null,
        status: 'active',
        isLoggedIn: true,
        lastLoginAt: expect.any(String),
      }),
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(await currentUserStatus(t.app, body.accessToken)).toBe(200);
  });

  it('starts a session with the ip, user agent and absolute expiry, and sets last_login_at', async () => {
    const user = await insertUser(t.database);
    const res = await signin(
      { email: user.email, password: TEST_PASSWORD },
      { remoteAddress: '10.1.2.3', headers: { 'user-agent': 'vitest-agent' } },
    );
    expect(res.statusCode).toBe(200);
    const [session] = await sessionsOf(t.database, user.id);
    expect(session).toMatchObject({ ip: '10.1.2.3', userAgent: 'vitest-agent', revokedAt: null });
    const hours = (session!.expiresAt.getTime() - session!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(12, 1);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastLoginAt).toBeInstanceOf(Date);
    expect(res.json().user.lastLoginAt).toBe(row?.lastLoginAt?.toISOString());
  });

  it('accepts the email in any letter case', async () => {
    const user = await insertUser(t.database);
    const res = await signin({ email: `  ${user.email.toUpperCase()} `, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('answers a wrong password, an unknown email and an invited user alike: 401 with one generic message', async () => {
    const active = await insertUser(t.database);
    const invited = await insertUser(t.database, { password: null });
    const answers = await Promise.all([
      signin({ email: active.email, password: 'not the password at all' }),
      signin({ email: 'nobody-here@example.test', password: TEST_PASSWORD }),
      signin({ email: invited.email, password: TEST_PASSWORD }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: 'INVALID_CREDENTIALS', message: 'Incorrect email or password' },
        requestId: expect.any(String),
      });
    }
  });

  it('tells a disabled user so only after the right password', async () => {
    const user = await insertUser(t.database, { status: 'disabled' });
    const right = await signin({ email: user.email, password: TEST_PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json().error.code).toBe('ACCOUNT_DISABLED');
    const wrong = await signin({ email: user.email, password: 'not the password at all' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    expect(await sessionsOf(t.database, user.id)).toHaveLength(0);
  });

  it('audits each success and failure with actor, email and ip', async () => {
    const user = await insertUser(t.database);
    await signin({ email: user.email, password: TEST_PASSWORD }, { remoteAddress: '10.9.9.1' });
    await signin({ email: user.email, password: 'not the password at all' }, { remoteAddress: '10.9.9.2' });
    await signin({ email: 'ghost@example.test', password: TEST_PASSWORD }, { remoteAddress: '10.9.9.3' });

    const succeeded = (await auditRows(t.database, AUDIT_ACTIONS.signinSucceeded)).filter(
      (r) => r.subject === user.email,
    );
    expect(succeeded).toEqual([
      expect.objectContaining({ actorUserId: user.id, targetType: 'user', targetId: user.id, ip: '10.9.9.1' }),
    ]);
    const failed = await auditRows(t.database, AUDIT_ACTIONS.signinFailed);
    expect(failed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actorUserId: user.id, subject: user.email, ip: '10.9.9.2' }),
        expect.objectContaining({ actorUserId: null, subject: 'ghost@example.test', ip: '10.9.9.3' }),
      ]),
    );
    expect(failed.every((r) => r.createdAt instanceof Date)).toBe(true);
  });

  describe('with a body it cannot take, answers in the error shape and changes nothing', () => {
    async function counts() {
      const [audit, sessionRows] = await Promise.all([
        t.database.db.select().from(auditLog),
        t.database.db.select().from(sessions),
      ]);
      return { audit: audit.length, sessions: sessionRows.length };
    }

    it('400 for bad JSON', async () => {
      const before = await counts();
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/signin',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@example.test", "password": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'BAD_REQUEST', message: expect.any(String) },
        requestId: expect.any(String),
      });
      expect(await counts()).toEqual(before);
    });

    it('422 naming an unknown field, a missing field and a wrong type', async () => {
      const user = await insertUser(t.database);
      const before = await counts();
      const unknown = await postJson(t.app, '/auth/signin', {
        email: user.email,
        password: TEST_PASSWORD,
        admin: true,
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().error.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(unknown.json().error.fields)).toContain('admin');

      const missing = await postJson(t.app, '/auth/signin', { email: user.email });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().error.fields).toHaveProperty(['body.password']);

      const wrongType = await postJson(t.app, '/auth/signin', { email: user.email, password: 42 });
      expect(wrongType.statusCode).toBe(422);
      expect(wrongType.json().error.fields).toHaveProperty(['body.password']);
      expect(await counts()).toEqual(before);
    });

    it('413 for a body over 1 MiB', async () => {
      const before = await counts();
      const res = await postJson(t.app, '/auth/signin', {
        email: 'big@example.test',
        password: 'x'.repeat(BODY_LIMIT_BYTES + 1),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(await counts()).toEqual(before);
    });
  });
});
