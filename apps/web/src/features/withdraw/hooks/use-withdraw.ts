import type { GiveWithdrawDestinationBody, WithdrawView } from '@gerbang/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PublicApiError } from '../../../lib/public-api';
import {
  cancelWithdrawal,
  confirmWithdrawal,
  fetchWithdraw,
  giveDestination,
  verifyAgain,
} from '../api/withdraw-client';

/** How often the page reads the withdrawal while the server is working on it (verifying, reviewing the name, sending). */
export const WITHDRAW_POLL_MS = 2000;
const WORKING = new Set<WithdrawView['status']>(['verifying', 'name_review', 'processing', 'uncertain']);

/** Why the page cannot show the withdrawal, or which action failed (each has its own message). */
export type WithdrawProblem = {
  kind: 'missing' | 'confirm-failed' | 'cancel-failed' | 'verify-failed' | 'destination-failed' | 'unexpected';
};

/**
 * One withdrawal as the customer sees it: read once, then again every WITHDRAW_POLL_MS while the
 * server is verifying or sending it, and when the confirmation countdown runs out. `clockOffsetMs`
 * is server time − this device's time, so the countdown is right even when the phone's clock is not.
 */
export function useWithdraw(id: string | null) {
  const [view, setView] = useState<WithdrawView | null>(null);
  const [problem, setProblem] = useState<WithdrawProblem | null>(id ? null : { kind: 'missing' });
  const [isBusy, setBusy] = useState(false);
  const [clockOffsetMs, setClockOffsetMs] = useState(0);
  const latest = useRef(0);

  const show = useCallback((next: WithdrawView) => {
    setView(next);
    setClockOffsetMs(Date.parse(next.serverTime) - Date.now());
  }, []);

  const reload = useCallback(async () => {
    if (!id) return;
    const call = ++latest.current;
    try {
      const next = await fetchWithdraw(id);
      if (call === latest.current) show(next);
    } catch (error) {
      const missing = error instanceof PublicApiError && (error.status === 404 || error.status === 422);
      setProblem(missing ? { kind: 'missing' } : { kind: 'unexpected' });
    }
  }, [id, show]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const status = view?.status;
  const isWaiting = status !== undefined && WORKING.has(status) && !view?.lastError;
  useEffect(() => {
    if (!isWaiting) return;
    const timer = setInterval(() => void reload(), WITHDRAW_POLL_MS);
    return () => clearInterval(timer);
  }, [isWaiting, reload]);

  const act = useCallback(
    async (run: (id: string) => Promise<WithdrawView>, failed: WithdrawProblem['kind']) => {
      if (!id) return false;
      setBusy(true);
      setProblem(null);
      // A read already under way answers from before this action: its answer is dropped.
      latest.current += 1;
      try {
        show(await run(id));
        return true;
      } catch {
        setProblem({ kind: failed });
        await reload();
        return false;
      } finally {
        setBusy(false);
      }
    },
    [id, show, reload],
  );

  /** A refund's customer names the account: the server's problems by field (none: it is being verified). */
  const nameDestination = async (body: GiveWithdrawDestinationBody): Promise<Record<string, string>> => {
    if (!id) return {};
    setBusy(true);
    setProblem(null);
    try {
      show(await giveDestination(id, body));
      return {};
    } catch (error) {
      if (error instanceof PublicApiError && error.status === 422) return error.fields;
      setProblem({ kind: 'destination-failed' });
      await reload();
      return {};
    } finally {
      setBusy(false);
    }
  };

  return {
    view,
    nameDestination,
    problem,
    isBusy,
    clockOffsetMs,
    reload,
    verify: () => act(verifyAgain, 'verify-failed'),
    confirm: () => act(confirmWithdrawal, 'confirm-failed'),
    cancel: () => act(cancelWithdrawal, 'cancel-failed'),
    /** A test withdrawal's simulated outcome (test mode's panel brings the call). */
    simulate: (run: (id: string) => Promise<WithdrawView>) => act(run, 'unexpected'),
  };
}
