import {
  type AlertKind,
  type AlertRule,
  CURRENCY_OF_PROVIDER,
  toMinorUnits,
  WALLET_PROVIDERS,
  type WalletProvider,
} from '@gerbang/contract';
import { readinessOfRecord } from '../wallets/wallet-view';
import type { WalletsRepository } from '../wallets/wallets.repository';
import type { AlertConditionsRepository, AlertSubject } from './alert-conditions.repository';

/** What holds now for one rule: the subjects its alerts should be open for. */
export function createAlertEvaluation(deps: {
  conditions: AlertConditionsRepository;
  wallets: Pick<WalletsRepository, 'summaryFactsOf'>;
}) {
  const { conditions } = deps;

  async function lowBalances(rule: AlertRule): Promise<AlertSubject[]> {
    const floors = rule.balanceFloors;
    if (!floors) return [];
    const accounts = await conditions.sendingBalances();
    return accounts.flatMap((account) => {
      const currency = CURRENCY_OF_PROVIDER[account.provider as WalletProvider];
      const floor = floors[currency];
      if (floor == null || account.balanceMinor === null) return [];
      const floorMinor = toMinorUnits(floor, currency);
      if (account.balanceMinor >= floorMinor) return [];
      return [
        {
          subjectType: 'wallet_account',
          subjectId: account.id,
          subjectLabel: `${account.provider} ${account.accountNumber}`,
          details: {
            provider: account.provider,
            currency,
            balanceMinor: String(account.balanceMinor),
            floorMinor: String(floorMinor),
          },
        },
      ];
    });
  }

  /** A method some active merchant offers for which no account can take money now. */
  async function methodsWithoutReadyAccount(): Promise<AlertSubject[]> {
    const offered = new Set(await conditions.offeredMethods());
    const subjects: AlertSubject[] = [];
    for (const provider of WALLET_PROVIDERS) {
      if (!offered.has(provider)) continue;
      const accounts = await deps.wallets.summaryFactsOf(provider);
      const ready = accounts.filter((account) => readinessOfRecord(account, account.today).canReceive).length;
      if (ready === 0)
        subjects.push({
          subjectType: 'payment_method',
          subjectId: provider,
          subjectLabel: provider,
          details: { accounts: accounts.length },
        });
    }
    return subjects;
  }

  const minutes = (rule: AlertRule) => rule.thresholdMinutes ?? 0;
  const holding: Record<AlertKind, (rule: AlertRule) => Promise<AlertSubject[]>> = {
    device_offline: (rule) => conditions.devicesOffline(minutes(rule)),
    wallet_auto_disabled: () => conditions.walletsAutoDisabled(),
    withdrawal_uncertain: () => conditions.withdrawalsUncertain(),
    sending_balance_low: lowBalances,
    webhook_failing: (rule) => conditions.webhooksFailing(minutes(rule)),
    transfers_waiting: (rule) => conditions.queuesWaiting(minutes(rule)),
    method_without_ready_account: () => methodsWithoutReadyAccount(),
  };

  return {
    /** The subjects the rule holds for now; a disabled rule holds for none (its alerts resolve). */
    async holdingFor(rule: AlertRule): Promise<AlertSubject[]> {
      return rule.enabled ? holding[rule.kind](rule) : [];
    },
  };
}
export type AlertEvaluation = ReturnType<typeof createAlertEvaluation>;
