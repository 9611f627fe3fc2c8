import type { AnalyticsGroup, AnalyticsRow } from '@gerbang/contract';

/**
 * Where a row's figures come from: the sessions list with that merchant, method, account or day
 * (its filters in the address). An hour of the day, or a group of none, has no list of its own.
 */
export function sessionListLink(by: AnalyticsGroup, row: AnalyticsRow): string | null {
  // Only payouts (a bank method, a return with no merchant): no session of it to list.
  if (row.key === '' || row.figures.sessionsOpened === 0) return null;
  const filter: Partial<Record<AnalyticsGroup, [string, string][]>> = {
    merchant: [['merchantId', row.key]],
    method: [['method', row.key]],
    account: [['walletAccountId', row.key]],
    day: [
      ['fromDay', row.key],
      ['toDay', row.key],
    ],
  };
  const params = filter[by];
  return params ? `/transaction-session?${new URLSearchParams(params).toString()}` : null;
}

/** A duration in seconds as "45 s", "3 min 20 s", "2 h 5 min"; "—" for none. */
export function durationText(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}
