import { ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../../../test/helpers/test-app';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { auditRows, postJson } from './auth.test-support';
import { RESET_MAILS_PER_EMAIL } from './password.service';

describe('POST /auth/forgot-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const forgot = (email: string, remoteAddress = '10.5.0.1') =>
    t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email }, remoteAddress });
  const mailsTo = (email: string) => t.mailer.messages.filter((m) => m.to === email);

  it('answers 202 with no body and mails an active user a reset link', async () => {
    const user = await insertUser(t.database, { roleId: ROLE.Staff });
    const res = await forgot(user.email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
    await vi.waitFor(() => expect(mailsTo(user.email)).toHaveLength(1));
    expect(t.mailer.lastLinkTo(user.email)).toMatch(/^http:\/\/localhost:3000\/auth\/reset-password\?token=/);
  });

  it('answers an unknown email exactly like a known one, and mails nobody', async () => {
    const knownUser = await insertUser(t.database);
    const known = await forgot(knownUser.email);
    await vi.waitFor(() => expect(mailsTo(knownUser.email)).toHaveLength(1));
    const before = t.mailer.messages.length;
    const res = await forgot('nobody-at-all@example.test');
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
    const shape = (r: typeof res) => Object.keys(r.headers).filter((h) => !['date', 'x-request-id'].includes(h));
    expect(shape(res).sort()).toEqual(shape(known).sort());
    expect(res.headers['content-length']).toBe(known.headers['content-length']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.mailer.messages.length).toBe(before);
  });

  it('answers 202 for invited and disabled users without mailing them', async () => {
    const invited = await insertUser(t.database, { password: null });
    const disabled = await insertUser(t.database, { status: 'disabled' });
    expect((await forgot(invited.email)).statusCode).toBe(202);
    expect((await forgot(disabled.email)).statusCode).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mailsTo(invited.email)).toHaveLength(0);
    expect(mailsTo(disabled.email)).toHaveLength(0);
  });

  it('audits every request with the email and ip', async () => {
    const user = await insertUser(t.database);
    await forgot(user.email, '10.5.9.9');
    await forgot('ghost-reset@example.test', '10.5.9.9');
    const rows = await auditRows(t.database, AUDIT_ACTIONS.passwordResetRequested);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subject: user.email, targetId: user.id, ip: '10.5.9.9' }),
        expect.objectContaining({ subject: 'ghost-reset@example.test', targetId: null, ip: '10.5.9.9' }),
      ]),
    );
  });

  it(`mails at most ${RESET_MAILS_PER_EMAIL} links per email in 15 minutes, still answering 202`, async () => {
    const user = await insertUser(t.database);
    for (let i = 0; i < RESET_MAILS_PER_EMAIL + 2; i += 1) {
      expect((await forgot(user.email, `10.5.1.${i}`)).statusCode).toBe(202);
    }
    await vi.waitFor(() => expect(mailsTo(user.email)).toHaveLength(RESET_MAILS_PER_EMAIL));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mailsTo(user.email)).toHaveLength(RESET_MAILS_PER_EMAIL);
  });

  it('refuses a body without an email or with unknown fields with 422', async () => {
    expect((await postJson(t.app, '/auth/forgot-password', {})).statusCode).toBe(422);
    expect((await postJson(t.app, '/auth/forgot-password', { email: 'a@example.test', x: 1 })).statusCode).toBe(422);
  });
});
