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

/**
 * One deposit session as the customer sees it: loaded once, then kept current by the server's
 * event stream (each status change reloads it). `clockOffsetMs` is server time − this device's
 * time, so the countdown is right even when the phone's clock is not.
 */
export function useDeposit(sessionId: string | null) {
  const [view, setView] = useState<DepositView | null>(null);
  const [problem, setProblem] = useState<DepositProblem | null>(sessionId ? null : { kind: 'missing' });
  const [isBusy, setBusy] = useState(false);
  const [clockOffsetMs, setClockOffsetMs] = useState(0);
  const latest = useRef(0);

  const show = useCallback((next: DepositView) => {
    setView(next);
    setClockOffsetMs(Date.parse(next.serverTime) - Date.now());
  }, []);

  const reload = useCallback(async () => {
    if (!sessionId) return;
    const call = ++latest.current;
    try {
      const next = await fetchDeposit(sessionId);
      if (call === latest.current) show(next);
    } catch (error) {
      const missing = error instanceof PublicApiError && (error.status === 404 || error.status === 422);
      setProblem(missing ? { kind: 'missing' } : { kind: 'unexpected' });
    }
  }, [sessionId, show]);

  useEffect(() => {
    void reload();
    if (!sessionId || typeof EventSource === 'undefined') return;
    const events = new EventSource(depositEventsUrl(sessionId));
    events.addEventListener('status', () => void reload());
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
  };
}
