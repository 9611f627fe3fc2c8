import { randomUUID } from 'node:crypto';
import { withdrawalDetailSchema } from '@gerbang/contract';
import { describe, expect, it } from 'vitest';
import { fundMerchant } from '../../server/src/modules/withdrawals/withdrawals.test-support';
import { merchantWithUser } from '../../server/test/helpers/merchant-api';
import { api as consoleApi } from '../../server/test/helpers/test-api';
import { adminCall, readyAccount } from './ready-account';
import { eventually, serverUnderTest } from './server-under-test';

/** Money out through the simulator's phones: inquiries, a transfer, and a transfer whose outcome is lost. */
const server = serverUnderTest({
  WALLET_CHECK_SCHEDULE_MINUTES: '0',
  WALLET_COMMAND_DEADLINE_SECONDS: '3',
  TRANSFER_DEADLINE_SECONDS: '1',
  TRANSFER_HISTORY_LAG_SECONDS: '1',
});

const admin = (method: 'GET' | 'POST', url: string, payload?: object) => adminCall(server, method, url, payload);

describe('money out through the simulator’s phones', () => {
  it('verifies a payout method, pays a settlement, and settles a lost outcome from the history', async () => {
    const fleet = await server.fleetOf('payout', 1);
    const sender = await readyAccount(server, fleet, 'payout-001');
    const shop = await merchantWithUser(server.state.testApp, randomUUID());
    await fundMerchant(server.state.testApp, shop.merchantId, sender.id, 500_000n);
    const merchant = consoleApi(server.state.testApp.app, shop.sessionHeaders);

    fleet.wallets.nameDestination('8610099887', 'PT SINAR JAYA');
    const added = await merchant.post('/payout-methods', {
      provider: 'bca',
      accountNumber: '8610099887',
      holderName: 'PT Sinar Jaya',
    });
    expect(added.statusCode).toBe(201);
    const method = await eventually(
      async () => (await merchant.get('/payout-methods')).json().items[0],
      (m) => m?.status === 'verified',
    );
    expect(method.verifiedHolderName).toBe('PT SINAR JAYA');

    const before = Number(fleet.wallets.accounts().find((a) => a.id === sender.id)?.balance);
    const sendOne = async (amount: string) => {
      const request = withdrawalDetailSchema.parse(
        (await merchant.post('/withdrawal-requests', { payoutMethodId: method.id, amount })).json(),
      );
      expect((await admin('POST', `/withdrawal-requests/${request.id}/approve`)).status).toBe(200);
      expect((await admin('POST', `/withdrawal-requests/${request.id}/execute`, {})).status).toBe(200);
      return request.id;
    };
    const statusOf = async (id: string) =>
      withdrawalDetailSchema.parse((await admin('GET', `/withdrawal-requests/${id}`)).body);

    const paid = await sendOne('100000');
    await eventually(
      () => statusOf(paid),
      (w) => w.status === 'success',
    );
    expect(Number(fleet.wallets.accounts().find((a) => a.id === sender.id)?.balance)).toBe(before - 100_000);

    // The phone sends the next one and never says so: uncertain, then found in the history.
    fleet.wallets.injectFault({ kind: 'silent_after_send', on: 'send_transfer' });
    const lost = await sendOne('50000');
    const settled = await eventually(
      () => statusOf(lost),
      (w) => w.status === 'success',
      20_000,
    );
    expect(settled.timeline.map((e) => `${e.toStatus}:${e.reason}`)).toEqual([
      'pending_approval:created',
      'approved:approved',
      'processing:transfer_started',
      'uncertain:timeout',
      'success:found_in_history',
    ]);
    expect(Number(fleet.wallets.accounts().find((a) => a.id === sender.id)?.balance)).toBe(before - 150_000);
    const balance = (await merchant.get('/auth/current-user')).json().merchantBalance;
    expect(balance).toMatchObject({ available: '350000', pending: '0' });
  });
});
