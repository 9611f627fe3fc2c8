import { ACCOUNT_TYPE_OF_PROVIDER, type DepositView, type WalletProvider } from '@gerbang/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PublicApiError } from '../../../lib/public-api';
import { chooseDepositMethod, confirmDepositTransferred, depositEventsUrl, fetchDeposit } from '../api/deposit-client';

/** Why the page cannot show the session, or why the last action failed (each has its own message). */
export type DepositProblem =
  | { kind: 'missing' }
  | { kind: 'no-account'; method: WalletProvider }
  | { kind: 'method-failed'; method: WalletProvider }
  | { kind: 'unexpected' };

/** E-wallets (DANA, Maya) are paid by QR; a bank account (Livin') by transfer. */
export const isQrMethod = (method: WalletProvider) => ACCOUNT_TYPE_OF_PROVIDER[method] === 'wallet';

/** The state a `status` event names; null when it names none (then the page reads the session). */
function statusOf(event: Event): string | null {
  try {
    const data = JSON.parse(String((event as MessageEvent).data));
    return typeof data?.status === 'string' ? data.status : null;
  } catch {
    return null;
  }
}

/**
 * One deposit session as the customer sees it: loaded once, then kept current by the server's
 * event stream, which names the session's state when it opens and on every change: the page reads
 * the session again only when that state is not the one it shows (the first event usually repeats
 * what the first load returned). `clockOffsetMs` is server time − this device's time, so the
 * countdown is right even when the phone's clock is not.
 */
export function useDeposit(sessionId: string | null) {
  const [view, setView] = useState<DepositView | null>(null);
  const [problem, setProblem] = useState<DepositProblem | null>(sessionId ? null : { kind: 'missing' });
  const [isBusy, setBusy] = useState(false);
  const [clockOffsetMs, setClockOffsetMs] = useState(0);
  const latest = useRef(0);
  const shownStatus = useRef<string | null>(null);
  const loading = useRef<Promise<void> | null>(null);

  const show = useCallback((next: DepositView) => {
    shownStatus.current = next.status;
    setView(next);
    setClockOffsetMs(Date.parse(next.serverTime) - Date.now());
  }, []);

  const reload = useCallback(() => {
    if (!sessionId) return Promise.resolve();
    const call = ++latest.current;
    loading.current = fetchDeposit(sessionId).then(
      (next) => {
        if (call === latest.current) show(next);
      },
      (error: unknown) => {
        const missing = error instanceof PublicApiError && (error.status === 404 || error.status === 422);
        setProblem(missing ? { kind: 'missing' } : { kind: 'unexpected' });
      },
    );
    return loading.current;
  }, [sessionId, show]);

  useEffect(() => {
    void reload();
    if (!sessionId || typeof EventSource === 'undefined') return;
    const events = new EventSource(depositEventsUrl(sessionId));
    events.addEventListener('status', async (event) => {
      const status = statusOf(event);
      // A load under way may already carry this state: compare with what it shows once it is done.
      await loading.current;
      if (status === null || status !== shownStatus.current) void reload();
    });
    return () => events.close();
  }, [sessionId, reload]);

  const act = useCallback(
    async (run: () => Promise<DepositView>, onError: (error: unknown) => DepositProblem) => {
      setBusy(true);
      setProblem(null);
      try {
        show(await run());
      } catch (error) {
        setProblem(onError(error));
      } finally {
        setBusy(false);
      }
    },
    [show],
  );

  return {
    view,
    problem,
    isBusy,
    clockOffsetMs,
    chooseMethod: (method: WalletProvider) =>
      act(
        () => chooseDepositMethod(sessionId as string, method),
        (error) =>
          error instanceof PublicApiError && error.code === 'NO_ACCOUNT_AVAILABLE'
            ? { kind: 'no-account', method }
            : { kind: 'method-failed', method },
      ),
    confirmTransferred: () =>
      act(
        () => confirmDepositTransferred(sessionId as string),
        () => ({ kind: 'unexpected' }),
      ),
    /** A test session's simulated outcome (test mode's panel brings the call). */
    simulate: (run: () => Promise<DepositView>) => act(run, () => ({ kind: 'unexpected' })),
  };
}
