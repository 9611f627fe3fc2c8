import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, signIn, type TestApp } from '../../../test/helpers/test-app';
import { sessions, users } from '../../db/schema';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { auditRows, currentUserStatus, refresh, sessionsOf } from './auth.test-support';

/** Default config: REFRESH_REUSE_GRACE_SECONDS 20, idle 30 minutes, absolute 12 hours. */
describe('POST /auth/refresh-token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function freshSession() {
    const user = await insertUser(t.database);
    return { user, ...(await signIn(t.app, user.email)) };
  }

  it('exchanges the refresh token for a new pair whose tokens both work', async () => {
    const { refreshToken } = await freshSession();
    const res = await refresh(t.app, refreshToken);
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(pair).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(pair.refreshToken).not.toBe(refreshToken);
    expect(await currentUserStatus(t.app, pair.accessToken)).toBe(200);
    expect((await refresh(t.app, pair.refreshToken)).statusCode).toBe(200);
  });

  it('accepts an empty JSON body or an empty object, and refuses any field', async () => {
    const { refreshToken } = await freshSession();
    const auth = { authorization: `Bearer ${refreshToken}` };
    const empty = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh-token',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(200);
    const next = empty.json().refreshToken;
    const object = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh-token',
      headers: { authorization: `Bearer ${next}` },
      payload: {},
    });
    expect(object.statusCode).toBe(200);
    const extra = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh-token',
      headers: { authorization: `Bearer ${object.json().refreshToken}` },
      payload: { refreshToken: 'x' },
    });
    expect(extra.statusCode).toBe(422);
  });

  it('updates the session last-used time', async () => {
    const { user, refreshToken } = await freshSession();
    await t.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '10 minutes'` })
      .where(eq(sessions.userId, user.id));
    await refresh(t.app, refreshToken);
    const [session] = await sessionsOf(t.database, user.id);
    expect(Date.now() - session!.lastUsedAt.getTime()).toBeLessThan(60_000);
  });

  it('answers 401 SESSION_INVALID without a token, with an unknown one, or with an access token', async () => {
    const { accessToken } = await freshSession();
    const missing = await t.app.inject({ method: 'POST', url: '/auth/refresh-token' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ error: { code: 'SESSION_INVALID' }, requestId: expect.any(String) });
    expect((await refresh(t.app, 'made-up-token')).json().error.code).toBe('SESSION_INVALID');
    expect((await refresh(t.app, accessToken)).statusCode).toBe(401);
  });

  it('lets a just-rotated token mint another successor within the grace window (two tabs)', async () => {
    const { refreshToken } = await freshSession();
    const first = await refresh(t.app, refreshToken);
    const second = await refresh(t.app, refreshToken);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().refreshToken).not.toBe(first.json().refreshToken);
    expect((await refresh(t.app, first.json().refreshToken)).statusCode).toBe(200);
    expect((await refresh(t.app, second.json().refreshToken)).statusCode).toBe(200);
  });

  it('serves two concurrent uses of one token within the grace window', async () => {
    const { refreshToken } = await freshSession();
    const [a, b] = await Promise.all([refresh(t.app, refreshToken), refresh(t.app, refreshToken)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
  });

  it('ends the session when it has been idle too long', async () => {
    const { user, refreshToken } = await freshSession();
    await t.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '31 minutes'` })
      .where(eq(sessions.userId, user.id));
    const res = await refresh(t.app, refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('SESSION_INVALID');
    const [session] = await sessionsOf(t.database, user.id);
    expect(session?.revokedReason).toBe('expired');
  });

  it('ends the session past its absolute lifetime, however recently it was used', async () => {
    const { user, refreshToken } = await freshSession();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user.id));
    expect((await refresh(t.app, refreshToken)).statusCode).toBe(401);
  });

  it('refuses a disabled user', async () => {
    const { user, refreshToken } = await freshSession();
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    const res = await refresh(t.app, refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('SESSION_INVALID');
  });

  it('refuses the token of a logged-out session', async () => {
    const { refreshToken, headers } = await freshSession();
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers })).statusCode).toBe(204);
    expect((await refresh(t.app, refreshToken)).statusCode).toBe(401);
  });
});

describe('POST /auth/refresh-token reusing a rotated token after the grace window', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REFRESH_REUSE_GRACE_SECONDS: '0' } });
  });
  afterAll(() => t.close());

  it('revokes the whole family: the successor and the access tokens stop working, and it is audited', async () => {
    const user = await insertUser(t.database);
    const { refreshToken, accessToken } = await signIn(t.app, user.email);
    const rotated = await refresh(t.app, refreshToken);
    expect(rotated.statusCode).toBe(200);
    const successor = rotated.json();

    const reuse = await refresh(t.app, refreshToken, '10.4.4.4');
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('SESSION_INVALID');

    expect((await refresh(t.app, successor.refreshToken)).statusCode).toBe(401);
    expect(await currentUserStatus(t.app, successor.accessToken)).toBe(401);
    expect(await currentUserStatus(t.app, accessToken)).toBe(401);
    const [session] = await sessionsOf(t.database, user.id);
    expect(session).toMatchObject({ revokedReason: 'reuse', revokedAt: expect.any(Date) });
    expect(await auditRows(t.database, AUDIT_ACTIONS.refreshReuseDetected)).toEqual([
      expect.objectContaining({ actorUserId: user.id, targetId: session!.id, ip: '10.4.4.4' }),
    ]);
  });

  it('announces the ended session so realtime can drop its sockets', async () => {
    const user = await insertUser(t.database);
    const { refreshToken } = await signIn(t.app, user.email);
    const ended: unknown[] = [];
    const off = t.app.ctx.events.on('session.ended', (e) => ended.push(e));
    await refresh(t.app, refreshToken);
    await refresh(t.app, refreshToken);
    off();
    expect(ended).toEqual([{ sessionId: expect.any(String), userId: user.id, reason: 'revoked' }]);
  });

  it('lets only one of two concurrent uses of a token rotate it', async () => {
    const user = await insertUser(t.database);
    // A race: tried ten times, so an unlucky interleaving has ten chances to show.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const { refreshToken } = await signIn(t.app, user.email);
      const results = await Promise.all([refresh(t.app, refreshToken), refresh(t.app, refreshToken)]);
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok.length, `attempt ${attempt}`).toBeLessThanOrEqual(1);
      // The loser counts as reuse, so the family is gone: even the winner's successor is refused.
      for (const r of ok) expect((await refresh(t.app, r.json().refreshToken)).statusCode).toBe(401);
    }
  });

  it('does not touch other sessions of the same user', async () => {
    const user = await insertUser(t.database);
    const stolen = await signIn(t.app, user.email);
    const other = await signIn(t.app, user.email);
    await refresh(t.app, stolen.refreshToken);
    await refresh(t.app, stolen.refreshToken);
    expect((await refresh(t.app, other.refreshToken)).statusCode).toBe(200);
  });
});
