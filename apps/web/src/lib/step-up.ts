import { useSyncExternalStore } from 'react';

/**
 * A money action the server refused with STEP_UP_REQUIRED waits here while the console asks for
 * a fresh code (features/second-factor StepUpDialog); every request refused meanwhile waits for
 * the same answer, then is sent again (true) or fails with its refusal (false).
 */
let pending: { promise: Promise<boolean>; resolve(confirmed: boolean): void } | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function requestStepUp(): Promise<boolean> {
  if (pending) return pending.promise;
  let resolve!: (confirmed: boolean) => void;
  const promise = new Promise<boolean>((r) => {
    resolve = r;
  });
  pending = { promise, resolve };
  emit();
  return promise;
}

export function finishStepUp(confirmed: boolean): void {
  const current = pending;
  pending = null;
  current?.resolve(confirmed);
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const isStepUpRequested = (): boolean => pending !== null;

export function useIsStepUpRequested(): boolean {
  return useSyncExternalStore(subscribe, isStepUpRequested, () => false);
}
