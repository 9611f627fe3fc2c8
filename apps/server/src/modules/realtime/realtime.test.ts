import { randomUUID } from 'node:crypto';
import { ROLE } from '@gerbang/contract';
import { createSigner } from 'fast-jwt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { type ClientSocket, connect, disconnected, listen, next } from './realtime.test-support';
import { merchantRoom, roleRoom, sessionRoom, userRoom } from './rooms';

describe('realtime connection (socket.io at /ws)', () => {
  let t: TestApp;
  let url: string;
  const open: ClientSocket[] = [];
  const track = (socket: ClientSocket) => {
    open.push(socket);
    return socket;
  };
  beforeAll(async () => {
    t = await createTestApp();
    url = await listen(t.app);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  /** An access token signed with the app's key that expires at `expiresAtMs` (past or future). */
  function signToken(claims: { sub: string; sid: string; rid: number; mid: string | null }, expiresAtMs: number) {
    const sign = createSigner({
      key: t.app.ctx.config.JWT_SECRET,
      algorithm: 'HS256',
      clockTimestamp: expiresAtMs - 60_000,
      expiresIn: 60_000,
    });
    return sign({ ...claims, typ: 'access' });
  }
  const claimsOf = (accessToken: string) => {
    const claims = t.app.ctx.accessTokens.verify(accessToken);
    if (!claims) throw new Error('bad token');
    return { sub: claims.sub, sid: claims.sid, rid: claims.rid, mid: claims.mid };
  };

  it('accepts a valid token and puts the socket in its role, merchant, user and session rooms', async () => {
    const merchantId = randomUUID();
    const merchant = await signedInUser(t, ROLE.Merchant, { merchantId });
    const socket = track(await connect(url, { token: merchant.accessToken }));
    const { sid } = claimsOf(merchant.accessToken);
    for (const room of [
      roleRoom(ROLE.Merchant),
      merchantRoom(merchantId),
      userRoom(merchant.user.id),
      sessionRoom(sid),
    ]) {
      const received = next(socket, 'device:refresh');
      t.app.io.to(room).emit('device:refresh');
      await expect(received).resolves.toEqual([]);
    }
  });

  it('accepts the token from the Authorization header too', async () => {
    const admin = await signedInUser(t, ROLE.Admin);
    const socket = track(await connect(url, { headers: admin.headers }));
    const received = next(socket, 'device:refresh');
    t.app.io.to(roleRoom(ROLE.Admin)).emit('device:refresh');
    await expect(received).resolves.toEqual([]);
  });

  it('refuses a missing, malformed, foreign-signed or expired token with the connect error "unauthorized"', async () => {
    const admin = await signedInUser(t, ROLE.Admin);
    const foreign = createSigner({ key: 'x'.repeat(64), algorithm: 'HS256' })({
      ...claimsOf(admin.accessToken),
      typ: 'access',
    });
    const expired = signToken(claimsOf(admin.accessToken), Date.now() - 5000);
    for (const options of [
      {},
      { token: 'not-a-jwt' },
      { token: foreign },
      { token: expired },
      { headers: { authorization: 'Basic abc' } },
    ]) {
      const error = await connect(url, options).then(
        () => null,
        (e: Error & { data?: unknown }) => e,
      );
      expect(error?.message).toBe('unauthorized');
      expect(error?.data).toBeUndefined();
    }
  });

  it('refuses the token of a session that was logged out', async () => {
    const staff = await signedInUser(t, ROLE.Staff);
    await t.app.inject({ method: 'POST', url: '/auth/logout', headers: staff.headers });
    await expect(connect(url, { token: staff.accessToken })).rejects.toThrow('unauthorized');
  });

  it('on logout tells the session’s sockets why and drops them, leaving other sessions connected', async () => {
    const staff = await signedInUser(t, ROLE.Staff);
    const other = await signedInUser(t, ROLE.Staff, { email: `other-${randomUUID()}@rt.test` });
    const socket = track(await connect(url, { token: staff.accessToken }));
    const bystander = track(await connect(url, { token: other.accessToken }));
    const ended = next(socket, 'session:ended');
    const dropped = disconnected(socket);
    const res = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: staff.headers });
    expect(res.statusCode).toBe(204);
    await expect(ended).resolves.toEqual([{ reason: 'logout' }]);
    await expect(dropped).resolves.toBe('io server disconnect');
    expect(bystander.connected).toBe(true);
  });

  it('drops a socket when its access token expires, saying so first', async () => {
    const phoneFarm = await signedInUser(t, ROLE.PhoneFarm);
    const socket = track(await connect(url, { token: signToken(claimsOf(phoneFarm.accessToken), Date.now() + 4000) }));
    const ended = next(socket, 'session:ended', 10_000);
    const dropped = disconnected(socket, 10_000);
    await expect(ended).resolves.toEqual([{ reason: 'expired' }]);
    await expect(dropped).resolves.toBe('io server disconnect');
  });

  it('drops the sockets of a user who is disabled', async () => {
    const admin = await signedInUser(t, ROLE.Admin);
    const staff = await signedInUser(t, ROLE.Staff);
    const socket = track(await connect(url, { token: staff.accessToken }));
    const ended = next(socket, 'session:ended');
    const res = await t.app.inject({ method: 'POST', url: `/users/${staff.user.id}/disable`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    await expect(ended).resolves.toEqual([{ reason: 'disabled' }]);
    await disconnected(socket);
  });
});
