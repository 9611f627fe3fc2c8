import { ROLE } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { api } from '../../../test/helpers/test-api';
import { signedInUser } from '../../../test/helpers/test-app';
import { merchants } from '../../db/schema';
import { walletTestApp } from '../wallets/wallets.test-support';
import { merchantWithToken, readyAccount } from './payment-sessions.test-support';

/**
 * The review desk's tests' world: a merchant (with the deposit fee given), a ready DANA account
 * transfers arrive on, and `admins` Admins to resolve them (maker, checker, …).
 */
export async function reviewDeskWorld(
  options: { env?: Record<string, string>; fee?: { basisPoints: number; fixedMinor: bigint }; admins?: number } = {},
) {
  const t = await walletTestApp(options.env);
  const shop = await merchantWithToken(t);
  if (options.fee) {
    await t.database.db
      .update(merchants)
      .set({ depositFeeBasisPoints: options.fee.basisPoints, depositFeeFixedMinor: options.fee.fixedMinor })
      .where(eq(merchants.id, shop.merchantId));
  }
  const dana = await readyAccount(t, 'dana');
  const admins: ReturnType<typeof api>[] = [];
  for (let i = 0; i < (options.admins ?? 2); i += 1)
    admins.push(api(t.app, (await signedInUser(t, ROLE.Admin)).headers));
  return { t, shop, dana, admins };
}
