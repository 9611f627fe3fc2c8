import { afterEach, describe, expect, it, vi } from 'vitest';
import { leadingTrailing } from './leading-trailing';

afterEach(() => vi.useRealTimers());

describe('leadingTrailing', () => {
  it('runs the first call at once and folds a burst into one run at the end of the interval', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const { call } = leadingTrailing(run, 1000);
    call();
    expect(run).toHaveBeenCalledTimes(1);
    call();
    call();
    call();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('drops a pending run when cancelled', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const { call, cancel } = leadingTrailing(run, 1000);
    call();
    call();
    cancel();
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
