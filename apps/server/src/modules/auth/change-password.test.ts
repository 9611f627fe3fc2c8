import { PASSWORD_EQUALS_EMAIL_MESSAGE, ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, signIn, TEST_PASSWORD, type TestApp } from '../../../test/helpers/test-app';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { auditRows, currentUserStatus, refresh } from './auth.test-support';

const NEW_PASSWORD = 'my changed passphrase';

describe('POST /auth/change-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const change = (headers: Record<string, string>, currentPassword: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/auth/change-password', headers, payload: { currentPassword, newPassword } });

  it('changes the password: 204, the new one signs in, the old one does not; audited', async () => {
    const { user, headers } = await signedInUser(t, ROLE.Staff);
    const res = await change(headers, TEST_PASSWORD, NEW_PASSWORD);
    expect(res.statusCode).toBe(204);
    await expect(signIn(t.app, user.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    await expect(signIn(t.app, user.email, NEW_PASSWORD)).resolves.toBeDefined();
    const rows = (await auditRows(t.database, AUDIT_ACTIONS.passwordChanged)).filter((r) => r.targetId === user.id);
    expect(rows).toEqual([expect.objectContaining({ actorUserId: user.id })]);
  });

  it("ends the user's other sessions but keeps the caller's", async () => {
    const caller = await signedInUser(t, ROLE.Staff);
    const other = await signIn(t.app, caller.user.email);
    const ended: Array<{ sessionId: string; reason: string }> = [];
    const off = t.app.ctx.events.on('session.ended', (e) => ended.push(e));
    expect((await change(caller.headers, TEST_PASSWORD, NEW_PASSWORD)).statusCode).toBe(204);
    off();
    expect(await currentUserStatus(t.app, other.accessToken)).toBe(401);
    expect((await refresh(t.app, other.refreshToken)).statusCode).toBe(401);
    expect(await currentUserStatus(t.app, caller.accessToken)).toBe(200);
    expect((await refresh(t.app, caller.refreshToken)).statusCode).toBe(200);
    expect(ended).toEqual([expect.objectContaining({ reason: 'revoked' })]);
  });

  it('refuses a wrong current password with 400 WRONG_PASSWORD and keeps the old one', async () => {
    const { user, headers } = await signedInUser(t, ROLE.Staff);
    const res = await change(headers, 'not my password at all', NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('WRONG_PASSWORD');
    await expect(signIn(t.app, user.email, TEST_PASSWORD)).resolves.toBeDefined();
  });

  it('refuses a new password equal to the email, or to the current one, with 422 on body.newPassword', async () => {
    const { user, headers } = await signedInUser(t, ROLE.Staff);
    const asEmail = await change(headers, TEST_PASSWORD, user.email);
    expect(asEmail.statusCode).toBe(422);
    expect(asEmail.json().error.fields).toEqual({ 'body.newPassword': PASSWORD_EQUALS_EMAIL_MESSAGE });
    const same = await change(headers, TEST_PASSWORD, TEST_PASSWORD);
    expect(same.statusCode).toBe(422);
    expect(same.json().error.fields).toEqual({ 'body.newPassword': 'New password must differ from the current one' });
    const tooShort = await change(headers, TEST_PASSWORD, 'short');
    expect(tooShort.statusCode).toBe(422);
    expect(tooShort.json().error.fields).toHaveProperty(['body.newPassword']);
    await expect(signIn(t.app, user.email, TEST_PASSWORD)).resolves.toBeDefined();
  });

  it('answers 401 without a signed-in session', async () => {
    const res = await change({}, TEST_PASSWORD, NEW_PASSWORD);
    expect(res.statusCode).toBe(401);
  });
});
