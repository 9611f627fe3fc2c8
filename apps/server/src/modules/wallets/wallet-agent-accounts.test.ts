import { type AgentAccounts, deleteWallet, updateWallet } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentClient,
  connectAgent,
  eventually,
  type FleetTestApp,
  hello,
  register,
} from '../agents/agents.test-support';
import { addAccount, WALLET_PHONE_CAPABILITIES, walletTestApp } from './wallets.test-support';

describe('which accounts a phone holds, as its agent hears it', () => {
  let t: FleetTestApp;
  beforeAll(async () => {
    t = await walletTestApp();
  });
  afterAll(() => t.close());

  const listen = (socket: AgentClient) => {
    const heard: AgentAccounts[] = [];
    socket.on('agent:accounts', (payload) => heard.push(payload));
    return heard;
  };

  it('the hello ack lists the phone’s accounts; every change is pushed to the phones concerned', async () => {
    const a = await register(t.app, t.admin.headers);
    const b = await register(t.app, t.admin.headers);
    const existing = await addAccount(t, a.device.id, 'livin');
    const socketA = await connectAgent(t.url, { token: a.token });
    const ack = await hello(socketA, { capabilities: WALLET_PHONE_CAPABILITIES });
    expect(ack).toMatchObject({
      ok: true,
      accounts: [{ id: existing.id, provider: 'livin', accountNumber: existing.accountNumber }],
    });
    const heardA = listen(socketA);
    const socketB = await connectAgent(t.url, { token: b.token });
    await hello(socketB);
    const heardB = listen(socketB);

    const added = await addAccount(t, a.device.id, 'maya');
    await eventually(async () => heardA.at(-1)?.accounts.length === 2);

    await t.app.inject({
      method: 'PATCH',
      url: updateWallet.path.replace(':id', added.id),
      headers: t.admin.headers,
      payload: { deviceId: b.device.id },
    });
    await eventually(async () => heardA.at(-1)?.accounts.length === 1 && heardB.at(-1)?.accounts.length === 1);
    expect(heardB.at(-1)?.accounts).toEqual([{ id: added.id, provider: 'maya', accountNumber: added.accountNumber }]);

    await t.app.inject({ method: 'DELETE', url: deleteWallet.path.replace(':id', added.id), headers: t.admin.headers });
    await eventually(async () => heardB.at(-1)?.accounts.length === 0);
    socketA.close();
    socketB.close();
  });
});
