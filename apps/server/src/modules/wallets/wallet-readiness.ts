import type {
  WalletAccountStatus,
  WalletHealthState,
  WalletLoginStatus,
  WalletReadiness,
  WalletReadinessReason,
} from '@gerbang/contract';

/** Everything readiness depends on, read from the account, its phone and today's transfers. */
export type ReadinessFacts = {
  device: { isOnline: boolean; isBusy: boolean; status: 'active' | 'disabled' };
  status: WalletAccountStatus;
  loginStatus: WalletLoginStatus;
  healthState: WalletHealthState;
  forceActive: boolean;
  /** null: no limit. */
  limits: {
    dailyIncomingAmount: bigint | null;
    dailyIncomingCount: number | null;
    dailyOutgoingAmount: bigint | null;
    dailyOutgoingCount: number | null;
  };
  today: { incomingAmount: bigint; incomingCount: number; outgoingAmount: bigint; outgoingCount: number };
};

const HEALTH_REASON: Record<Exclude<WalletHealthState, 'healthy'>, WalletReadinessReason> = {
  failing: 'health_failing',
  checking: 'health_checking',
  unknown: 'health_unknown',
};

/** A limit is reached once today's total is at it (another transfer would pass it). */
const reached = (total: bigint | number, limit: bigint | number | null) => limit !== null && total >= limit;

/**
 * The one place readiness is decided. An account may move money when its phone is online, not busy
 * and enabled; the account is active and logged in; its last wallet health is OK — or force-active
 * is on, which overrides health and nothing else; and it is under its daily limits, each of which
 * blocks only its own direction. Every reason that applies is listed, in a fixed order.
 */
export function readinessOf(facts: ReadinessFacts): WalletReadiness {
  const common: WalletReadinessReason[] = [];
  if (facts.device.status !== 'active') common.push('device_disabled');
  if (!facts.device.isOnline) common.push('device_offline');
  if (facts.device.isBusy) common.push('device_busy');
  if (facts.status === 'disabled') common.push('account_disabled');
  if (facts.status === 'auto_disabled') common.push('account_auto_disabled');
  if (facts.loginStatus !== 'logged_in') common.push('not_logged_in');
  const isHealthy = facts.healthState === 'healthy';
  if (!isHealthy && !facts.forceActive) common.push(HEALTH_REASON[facts.healthState as keyof typeof HEALTH_REASON]);

  const { limits, today } = facts;
  const incoming: WalletReadinessReason[] = [];
  if (reached(today.incomingAmount, limits.dailyIncomingAmount)) incoming.push('daily_incoming_amount_reached');
  if (reached(today.incomingCount, limits.dailyIncomingCount)) incoming.push('daily_incoming_count_reached');
  const outgoing: WalletReadinessReason[] = [];
  if (reached(today.outgoingAmount, limits.dailyOutgoingAmount)) outgoing.push('daily_outgoing_amount_reached');
  if (reached(today.outgoingCount, limits.dailyOutgoingCount)) outgoing.push('daily_outgoing_count_reached');

  const reasons = [...common, ...incoming, ...outgoing];
  return {
    isReady: reasons.length === 0,
    canReceive: common.length === 0 && incoming.length === 0,
    canSend: common.length === 0 && outgoing.length === 0,
    reasons,
    isForceActiveInEffect: facts.forceActive && !isHealthy,
  };
}
