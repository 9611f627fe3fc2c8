import { type LatencySummary, summarizeLatencies } from '../latency';
import type { Receipts } from './consoles';
import type { SendLog } from './load-protocol';

export type DeliveryStats = {
  /** Busy changes sent in the window, and deliveries expected (each to every console). */
  sent: number;
  expected: number;
  delivered: number;
  lost: number;
  /** Received but matching no send (e.g. a reconnecting device's hello); not counted as delivered. */
  unexpected: number;
  latencyMs: LatencySummary;
};

/** A receipt may carry a stamp a hair before its send's (two processes' clocks); no more than this. */
const CLOCK_SLACK_MS = 1;

/**
 * Matches each console's receipts to the sends, per device. socket.io keeps one connection's
 * order, and a device's changes alternate busy/idle, so a receipt belongs to the first not yet
 * matched send of that device with the same isBusy that was sent before it arrived; sends passed
 * over on the way were lost. Only sends in [from, to) count (the warm-up before `from` is matched
 * but not counted); a send with no receipt by the end of the drain is lost.
 */
export function analyseDeliveries(
  sends: SendLog,
  consoles: Receipts[],
  window: { from: number; to: number },
): DeliveryStats {
  const inWindow = (at: number) => at >= window.from && at < window.to;
  let sent = 0;
  for (const list of Object.values(sends)) {
    for (let i = 0; i < list.length; i += 2) if (inWindow(list[i] as number)) sent += 1;
  }
  const latencies: number[] = [];
  let unexpected = 0;
  for (const receipts of consoles) {
    for (const [deviceId, got] of receipts) {
      const list = sends[deviceId] ?? [];
      let cursor = 0;
      for (let r = 0; r < got.length; r += 2) {
        const at = got[r] as number;
        const isBusy = got[r + 1];
        let k = cursor;
        while (k < list.length && (list[k + 1] !== isBusy || (list[k] as number) > at + CLOCK_SLACK_MS)) {
          // Past the arrival time nothing can match: this receipt is not one of our sends.
          if ((list[k] as number) > at + CLOCK_SLACK_MS) {
            k = list.length;
            break;
          }
          k += 2;
        }
        if (k >= list.length) {
          unexpected += 1;
          continue;
        }
        const sentAt = list[k] as number;
        if (inWindow(sentAt)) latencies.push(Math.max(0, at - sentAt));
        cursor = k + 2;
      }
    }
  }
  const expected = sent * consoles.length;
  return {
    sent,
    expected,
    delivered: latencies.length,
    lost: expected - latencies.length,
    unexpected,
    latencyMs: summarizeLatencies(latencies),
  };
}
