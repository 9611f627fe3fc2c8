import { CURRENCY_OF_PROVIDER, type Currency, WALLET_PROVIDERS } from '@gerbang/contract';
import type { WalletRecord } from '../wallets/wallet-record';
import { readinessOfRecord } from '../wallets/wallet-view';
import type { WalletsRepository } from '../wallets/wallets.repository';

/** Why an account cannot send this transfer now, in the words an operator reads. */
export type SendRefusal = { accountId: string; reason: string };

type Need = { currency: Currency; capability: 'account_inquiry' | 'send_transfer'; amountMinor?: bigint };

/**
 * The wallet accounts a phone can use now to ask about a destination or to send money: active,
 * logged in, healthy (or forced active), its phone online, enabled, not busy (nor sending another
 * transfer: the account is busy while one runs) and able to do it; for
 * a transfer also under its daily outgoing limits with this amount, and with a balance (when the
 * phone reported one) that covers it. Readiest first: most balance, then least sent today.
 */
export function createSendingAccounts(deps: {
  wallets: Pick<WalletsRepository, 'summaryFactsOf' | 'findManyById'>;
  /** Accounts sending a transfer now: busy, for transfers and inquiries alike. */
  sendingNow: () => Promise<Set<string>>;
}) {
  async function facts(currency: Currency) {
    const providers = WALLET_PROVIDERS.filter((provider) => CURRENCY_OF_PROVIDER[provider] === currency);
    return (await Promise.all(providers.map((provider) => deps.wallets.summaryFactsOf(provider)))).flat();
  }

  function refusal(record: Awaited<ReturnType<typeof facts>>[number], need: Need): string | null {
    const readiness = readinessOfRecord(record, record.today);
    if (need.capability === 'account_inquiry') {
      // An inquiry moves no money: the daily limits do not apply.
      const blocking = readiness.reasons.filter((reason) => !reason.startsWith('daily_'));
      return blocking[0] ?? null;
    }
    if (!readiness.canSend) return readiness.reasons[0] ?? 'not_ready';
    const amount = need.amountMinor ?? 0n;
    const { dailyOutgoingAmountMinor: limit, dailyOutgoingCount: countLimit } = record;
    if (limit !== null && record.today.outgoingAmount + amount > limit) return 'daily_outgoing_amount_reached';
    if (countLimit !== null && record.today.outgoingCount + 1 > countLimit) return 'daily_outgoing_count_reached';
    if (record.balanceMinor !== null && record.balanceMinor < amount) return 'balance_too_low';
    return null;
  }

  return {
    /** Ready accounts for this need, readiest first (with the full records the command needs). */
    async candidates(need: Need): Promise<WalletRecord[]> {
      const [all, busy] = await Promise.all([facts(need.currency), deps.sendingNow()]);
      const ready = all.filter((record) => !busy.has(record.id) && refusal(record, need) === null);
      const records = await deps.wallets.findManyById(ready.map((record) => record.id));
      const capable = records.filter((record) => record.deviceCapabilities.includes(need.capability));
      const order = new Map(
        ready
          .sort(
            (a, b) =>
              Number((b.balanceMinor ?? 0n) - (a.balanceMinor ?? 0n)) ||
              Number(a.today.outgoingAmount - b.today.outgoingAmount),
          )
          .map((record, index) => [record.id, index]),
      );
      return capable.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    },

    /** One account the operator chose: ready for this need, or the reason it is not. */
    async check(accountId: string, need: Need): Promise<{ ok: true; record: WalletRecord } | SendRefusal> {
      const [all, busy] = await Promise.all([facts(need.currency), deps.sendingNow()]);
      const found = all.find((record) => record.id === accountId);
      if (!found) return { accountId, reason: 'not_found_or_other_currency' };
      if (busy.has(accountId)) return { accountId, reason: 'sending_another_transfer' };
      const reason = refusal(found, need);
      if (reason) return { accountId, reason };
      const [record] = await deps.wallets.findManyById([accountId]);
      if (!record) return { accountId, reason: 'not_found_or_other_currency' };
      if (!record.deviceCapabilities.includes(need.capability)) return { accountId, reason: 'unsupported' };
      return { ok: true, record };
    },
  };
}
export type SendingAccounts = ReturnType<typeof createSendingAccounts>;
