import { ALERT_KINDS, type AlertKind, type AlertRule } from '@gerbang/contract';

type RuleSettings = Pick<AlertRule, 'enabled' | 'thresholdMinutes' | 'balanceFloors'>;

/** What each rule does until an operator changes it. */
export const ALERT_RULE_DEFAULTS: Record<AlertKind, RuleSettings> = {
  device_offline: { enabled: true, thresholdMinutes: 10, balanceFloors: null },
  wallet_auto_disabled: { enabled: true, thresholdMinutes: null, balanceFloors: null },
  withdrawal_uncertain: { enabled: true, thresholdMinutes: null, balanceFloors: null },
  // Off until someone says how low is too low for their accounts.
  sending_balance_low: { enabled: false, thresholdMinutes: null, balanceFloors: { IDR: null, PHP: null } },
  webhook_failing: { enabled: true, thresholdMinutes: 30, balanceFloors: null },
  transfers_waiting: { enabled: true, thresholdMinutes: 30, balanceFloors: null },
  method_without_ready_account: { enabled: true, thresholdMinutes: null, balanceFloors: null },
};

type StoredRule = {
  kind: string;
  enabled: boolean;
  thresholdMinutes: number | null;
  balanceFloors: Record<string, string | null> | null;
  updatedAt: Date;
};

/** Every rule, stored settings over the defaults, in the contract's order. */
export function effectiveRules(stored: StoredRule[]): AlertRule[] {
  const byKind = new Map(stored.map((rule) => [rule.kind, rule]));
  return ALERT_KINDS.map((kind) => {
    const row = byKind.get(kind);
    const defaults = ALERT_RULE_DEFAULTS[kind];
    if (!row) return { kind, ...defaults, updatedAt: new Date(0).toISOString() };
    return {
      kind,
      enabled: row.enabled,
      thresholdMinutes: row.thresholdMinutes ?? defaults.thresholdMinutes,
      balanceFloors: row.balanceFloors
        ? { IDR: row.balanceFloors.IDR ?? null, PHP: row.balanceFloors.PHP ?? null }
        : defaults.balanceFloors,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}
