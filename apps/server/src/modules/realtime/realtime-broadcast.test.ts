import { randomUUID } from 'node:crypto';
import { can, ROLE, ROLE_IDS, type RoleId } from '@gerbang/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { arrives, type ClientSocket, connect, listen } from './realtime.test-support';

describe('realtime broadcasts (app.realtime)', () => {
  let t: TestApp;
  let url: string;
  const open: ClientSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    url = await listen(t.app);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  async function socketOf(roleId: RoleId, fields: { merchantId?: string } = {}) {
    const signedIn = await signedInUser(t, roleId, fields);
    const socket = await connect(url, { token: signedIn.accessToken });
    open.push(socket);
    return { user: signedIn.user, socket };
  }

  it('emitToArea("devices") reaches every role allowed to view devices and never Merchant users', async () => {
    const sockets = await Promise.all(ROLE_IDS.map(async (roleId) => ({ roleId, ...(await socketOf(roleId)) })));
    const received = sockets.map(({ socket }) => arrives(socket, 'device-status-update'));
    t.app.realtime.emitToArea('devices', 'device-status-update', { deviceId: 'd-1', isBusy: true });
    const got = await Promise.all(received);
    sockets.forEach(({ roleId }, i) => {
      expect(got[i], `role ${roleId}`).toBe(roleId !== ROLE.Merchant && can(roleId, 'devices', 'view'));
    });
    expect(got[ROLE_IDS.indexOf(ROLE.Admin)]).toBe(true);
    expect(got[ROLE_IDS.indexOf(ROLE.PhoneFarm)]).toBe(true);
    expect(got[ROLE_IDS.indexOf(ROLE.Merchant)]).toBe(false);
  });

  it('emitToMerchant reaches that merchant’s users only', async () => {
    const merchantId = randomUUID();
    const mine = await socketOf(ROLE.Merchant, { merchantId });
    const theirs = await socketOf(ROLE.Merchant, { merchantId: randomUUID() });
    const [a, b] = [
      arrives(mine.socket, 'merchant:trigger-available-balance'),
      arrives(theirs.socket, 'merchant:trigger-available-balance'),
    ];
    t.app.realtime.emitToMerchant(merchantId, 'merchant:trigger-available-balance');
    expect(await a).toBe(true);
    expect(await b).toBe(false);
  });

  it('moves an open socket to its new role’s room when an Admin changes the role', async () => {
    const admin = await signedInUser(t, ROLE.Admin);
    const staff = await socketOf(ROLE.Staff);
    expect(can(ROLE.Staff, 'proxies', 'view')).toBe(false);
    expect(can(ROLE.PhoneFarm, 'proxies', 'view')).toBe(true);
    const before = arrives(staff.socket, 'device:refresh');
    t.app.realtime.emitToArea('proxies', 'device:refresh');
    expect(await before).toBe(false);

    const res = await t.app.inject({
      method: 'PATCH',
      url: `/users/${staff.user.id}`,
      headers: admin.headers,
      payload: { roleId: ROLE.PhoneFarm },
    });
    expect(res.json()).toMatchObject({ roleId: ROLE.PhoneFarm });
    const after = arrives(staff.socket, 'device:refresh');
    t.app.realtime.emitToArea('proxies', 'device:refresh');
    expect(await after).toBe(true);
  });
});
