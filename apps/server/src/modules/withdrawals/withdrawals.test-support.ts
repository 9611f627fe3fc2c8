import { randomUUID } from 'node:crypto';
import type { PayoutMethod } from '@gerbang/contract';
import type { api } from '../../../test/helpers/test-api';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { postJournal } from '../ledger/ledger';
import { LEDGER_ACCOUNTS } from '../ledger/ledger-accounts';

/** Shared by the withdrawal tests. */

/**
 * Money the merchant earned, as a deposit leaves it: cash at the wallet account, owed to the
 * merchant (the deposit path has its own tests; these need a balance to take out).
 */
export async function fundMerchant(
  t: Pick<FleetTestApp, 'database'>,
  merchantId: string,
  walletAccountId: string,
  amountMinor: bigint,
) {
  await t.database.db.transaction((tx) =>
    postJournal(tx, {
      kind: 'deposit',
      referenceType: 'test_funding',
      referenceId: randomUUID(),
      currency: 'IDR',
      lines: [
        { account: LEDGER_ACCOUNTS.walletCash(walletAccountId, 'IDR'), amountMinor },
        { account: LEDGER_ACCOUNTS.merchantAvailable(merchantId, 'IDR'), amountMinor: -amountMinor },
      ],
    }),
  );
}

let counter = 0;
/** A BCA account number nobody used yet. */
export function bcaAccount(): string {
  counter += 1;
  return `${Date.now() % 1_000_000_000}${String(counter).padStart(3, '0')}`.padStart(12, '0');
}

/** Adds a payout method through the merchant console and waits for the phone's verification. */
export async function verifiedPayoutMethod(console: ReturnType<typeof api>): Promise<PayoutMethod> {
  const res = await console.post('/payout-methods', {
    provider: 'bca',
    accountNumber: bcaAccount(),
    holderName: 'PT Toko Maju',
    label: 'Main account',
  });
  if (res.statusCode !== 201) throw new Error(`payout method: ${res.statusCode} ${res.body}`);
  const id = res.json().id as string;
  return eventually(async () => {
    const list = (await console.get('/payout-methods')).json().items as PayoutMethod[];
    const method = list.find((m) => m.id === id);
    return method?.status === 'verified' ? method : null;
  });
}
