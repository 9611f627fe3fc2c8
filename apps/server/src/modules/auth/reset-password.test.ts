import { PASSWORD_EQUALS_EMAIL_MESSAGE, ROLE } from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, insertUser, signIn, TEST_PASSWORD, type TestApp } from '../../../test/helpers/test-app';
import { oneTimeTokens } from '../../db/schema';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { auditRows, currentUserStatus, postJson, refresh, sessionsOf, tokenFromLink } from './auth.test-support';

const NEW_PASSWORD = 'a fresh reset passphrase';

describe('POST /auth/reset-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** An active user and the token from the reset link mailed after forgot-password. */
  async function userWithResetLink() {
    const user = await insertUser(t.database, { roleId: ROLE.Staff });
    await postJson(t.app, '/auth/forgot-password', { email: user.email });
    const token = await vi.waitFor(() => tokenFromLink(t.mailer.lastLinkTo(user.email)));
    return { user, token };
  }
  const reset = (token: string, password: string) => postJson(t.app, '/auth/reset-password', { token, password });

  it('sets the new password: the old one stops working, the new one signs in; audited', async () => {
    const { user, token } = await userWithResetLink();
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(204);
    await expect(signIn(t.app, user.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    await expect(signIn(t.app, user.email, NEW_PASSWORD)).resolves.toBeDefined();
    const rows = (await auditRows(t.database, AUDIT_ACTIONS.passwordReset)).filter((r) => r.targetId === user.id);
    expect(rows).toEqual([expect.objectContaining({ actorUserId: user.id, subject: user.email })]);
  });

  it('ends every session of the user: access and refresh tokens stop working, realtime is told', async () => {
    const user = await insertUser(t.database);
    const first = await signIn(t.app, user.email);
    const second = await signIn(t.app, user.email);
    await postJson(t.app, '/auth/forgot-password', { email: user.email });
    const token = await vi.waitFor(() => tokenFromLink(t.mailer.lastLinkTo(user.email)));
    const ended: Array<{ reason: string }> = [];
    const off = t.app.ctx.events.on('session.ended', (e) => ended.push(e));
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(204);
    off();
    for (const session of [first, second]) {
      expect(await currentUserStatus(t.app, session.accessToken)).toBe(401);
      expect((await refresh(t.app, session.refreshToken)).statusCode).toBe(401);
    }
    expect(ended.map((e) => e.reason)).toEqual(['revoked', 'revoked']);
    expect((await sessionsOf(t.database, user.id)).every((s) => s.revokedAt !== null)).toBe(true);
  });

  it('works only once', async () => {
    const { token } = await userWithResetLink();
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(204);
    const again = await reset(token, 'another fresh passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'TOKEN_INVALID', message: 'This link is invalid or has expired' });
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const { user, token } = await userWithResetLink();
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeTokens.userId, user.id));
    expect((await reset(token, NEW_PASSWORD)).json().error.code).toBe('TOKEN_INVALID');
    await expect(signIn(t.app, user.email, TEST_PASSWORD)).resolves.toBeDefined();
  });

  it('refuses a password equal to the email with 422, keeps the link usable and the sessions alive', async () => {
    const { user, token } = await userWithResetLink();
    const session = await signIn(t.app, user.email);
    const res = await reset(token, user.email);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ 'body.password': PASSWORD_EQUALS_EMAIL_MESSAGE });
    expect(await currentUserStatus(t.app, session.accessToken)).toBe(200);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(204);
  });

  it('refuses an activation link and an unknown token', async () => {
    const invited = await insertUser(t.database, { password: null });
    const activation = tokenFromLink(await t.app.ctx.accountLinks.issue(invited, 'activation'));
    expect((await reset(activation, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await reset('unknown', NEW_PASSWORD)).statusCode).toBe(400);
  });
});
