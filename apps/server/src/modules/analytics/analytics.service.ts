import {
  type Analytics,
  type AnalyticsFigures,
  type AnalyticsGroup,
  type Currency,
  formatAmount,
} from '@gerbang/contract';
import type {
  AnalyticsRepository,
  Grouping,
  PayoutFigures,
  SessionFigures,
  TransferFigures,
} from './analytics.repository';

const DAY_MS = 86_400_000;

/** A share in percent with one decimal; null when there is nothing to share. */
const percentOf = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);
const seconds = (value: number | string | null) => (value === null ? null : Math.round(Number(value)));

function figuresOf(
  currency: Currency,
  s: SessionFigures | undefined,
  p: PayoutFigures | undefined,
  t: TransferFigures | undefined,
): AnalyticsFigures {
  const opened = s?.opened ?? 0;
  const paid = s?.paid ?? 0;
  const incoming = t?.incoming ?? 0;
  const matched = t?.matched ?? 0;
  return {
    sessionsOpened: opened,
    sessionsPaid: paid,
    successRate: percentOf(paid, opened),
    volumeIn: formatAmount(BigInt(s?.volume_in ?? '0'), currency),
    secondsToCreditP50: seconds(s?.p50 ?? null),
    secondsToCreditP95: seconds(s?.p95 ?? null),
    payoutsPaid: p?.paid ?? 0,
    payoutsFailed: p?.failed ?? 0,
    volumeOut: formatAmount(BigInt(p?.volume_out ?? '0'), currency),
    transfersIn: incoming,
    transfersMatched: matched,
    matchRate: percentOf(matched, incoming),
  };
}

/** Time groups read in order; the others busiest first. */
function order(by: AnalyticsGroup, rows: Analytics['rows']): Analytics['rows'] {
  if (by === 'day') return rows.sort((a, b) => a.key.localeCompare(b.key));
  if (by === 'hour') return rows.sort((a, b) => Number(a.key) - Number(b.key));
  return rows.sort(
    (a, b) =>
      b.figures.sessionsOpened - a.figures.sessionsOpened ||
      b.figures.payoutsPaid - a.figures.payoutsPaid ||
      a.label.localeCompare(b.label),
  );
}

/** The analytics page's figures: each group's, and the window's totals. */
export function createAnalyticsService(repo: AnalyticsRepository) {
  async function grouped(by: Grouping, currency: Currency, since: Date) {
    const [sessions, payouts, transfers] = await Promise.all([
      repo.sessions(by, currency, since),
      repo.payouts(by, currency, since),
      repo.transfers(by, currency, since),
    ]);
    const byKey = <T extends { key: string }>(list: T[]) => new Map(list.map((row) => [row.key, row]));
    const [s, p, t] = [byKey(sessions), byKey(payouts), byKey(transfers)];
    const keys = new Set([...s.keys(), ...p.keys(), ...t.keys()]);
    return [...keys].map((key) => ({ key, figures: figuresOf(currency, s.get(key), p.get(key), t.get(key)) }));
  }

  return {
    async read(query: { days: number; currency: Currency; by: AnalyticsGroup }): Promise<Analytics> {
      const to = new Date();
      const since = new Date(to.getTime() - query.days * DAY_MS);
      const [groups, [total], waiting] = await Promise.all([
        grouped(query.by, query.currency, since),
        grouped('all', query.currency, since),
        repo.waiting(query.currency),
      ]);
      const named = query.by === 'merchant' || query.by === 'account';
      const labels = named ? await repo.labels(groups.map((group) => group.key).filter((key) => key !== '')) : null;
      const totals = total?.figures ?? figuresOf(query.currency, undefined, undefined, undefined);
      return {
        currency: query.currency,
        days: query.days,
        by: query.by,
        from: since.toISOString(),
        to: to.toISOString(),
        totals: { ...totals, transfersWaiting: waiting.transfers, claimsWaiting: waiting.claims },
        rows: order(
          query.by,
          groups.map((group) => ({ ...group, label: labels?.get(group.key) ?? group.key })),
        ),
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
