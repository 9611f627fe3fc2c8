import { PASSWORD_EQUALS_EMAIL_MESSAGE, PASSWORD_MIN_LENGTH, ROLE } from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, signIn, type TestApp } from '../../../test/helpers/test-app';
import { oneTimeTokens, users } from '../../db/schema';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { auditRows, postJson, tokenFromLink } from './auth.test-support';

const NEW_PASSWORD = 'a brand new passphrase';

describe('POST /auth/activate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function invitedWithLink() {
    const user = await insertUser(t.database, { password: null, roleId: ROLE.Staff });
    const token = tokenFromLink(await t.app.ctx.accountLinks.issue(user, 'activation'));
    return { user, token };
  }
  const activate = (token: string, password: string) => postJson(t.app, '/auth/activate', { token, password });
  const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('sets the password and activates the user, who can then sign in; audited', async () => {
    const { user, token } = await invitedWithLink();
    const res = await activate(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(204);
    expect((await userRow(user.id)).status).toBe('active');
    expect((await userRow(user.id)).passwordHash).toMatch(/^\$argon2id\$/);
    await expect(signIn(t.app, user.email, NEW_PASSWORD)).resolves.toBeDefined();
    const rows = (await auditRows(t.database, AUDIT_ACTIONS.accountActivated)).filter((r) => r.targetId === user.id);
    expect(rows).toEqual([expect.objectContaining({ actorUserId: user.id, subject: user.email })]);
  });

  it('works only once', async () => {
    const { token } = await invitedWithLink();
    expect((await activate(token, NEW_PASSWORD)).statusCode).toBe(204);
    const again = await activate(token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'TOKEN_INVALID', message: 'This link is invalid or has expired' });
  });

  it('refuses an expired link and an unknown one with 400 TOKEN_INVALID and changes nothing', async () => {
    const { user, token } = await invitedWithLink();
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeTokens.userId, user.id));
    expect((await activate(token, NEW_PASSWORD)).json().error.code).toBe('TOKEN_INVALID');
    expect((await activate('no-such-token', NEW_PASSWORD)).statusCode).toBe(400);
    expect(await userRow(user.id)).toMatchObject({ status: 'invited', passwordHash: null });
  });

  it('refuses a password equal to the email with 422 and leaves the link usable', async () => {
    const { user, token } = await invitedWithLink();
    const res = await activate(token, user.email.toUpperCase());
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'body.password': PASSWORD_EQUALS_EMAIL_MESSAGE },
    });
    expect((await userRow(user.id)).status).toBe('invited');
    expect((await activate(token, NEW_PASSWORD)).statusCode).toBe(204);
  });

  it('refuses a too short password with 422 naming body.password and leaves the link usable', async () => {
    const { token } = await invitedWithLink();
    const res = await activate(token, 'x'.repeat(PASSWORD_MIN_LENGTH - 1));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields['body.password']).toBe(
      `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    );
    expect((await activate(token, NEW_PASSWORD)).statusCode).toBe(204);
  });

  it('accepts only the newest link when a second one was sent', async () => {
    const { user, token: first } = await invitedWithLink();
    const second = tokenFromLink(await t.app.ctx.accountLinks.issue(user, 'activation'));
    expect((await activate(first, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await activate(second, NEW_PASSWORD)).statusCode).toBe(204);
  });

  it('does not reactivate a disabled user', async () => {
    const { user, token } = await invitedWithLink();
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    expect((await activate(token, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await userRow(user.id)).status).toBe('disabled');
  });

  it('refuses a reset link used as an activation link', async () => {
    const user = await insertUser(t.database);
    const token = tokenFromLink(await t.app.ctx.accountLinks.issue(user, 'password_reset'));
    expect((await activate(token, NEW_PASSWORD)).statusCode).toBe(400);
  });
});
