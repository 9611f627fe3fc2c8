import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFormatRelativeTime } from './use-format-relative-time';

afterEach(() => vi.useRealTimers());

describe('how long ago a moment was', () => {
  it('reads "now" for a moment a little ahead of the clock (a check that just finished), never "in 4 seconds"', () => {
    vi.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00.000Z') });
    const { result } = renderHook(() => useFormatRelativeTime());
    expect(result.current('2030-01-01T00:00:04.000Z')).toBe('now');
    expect(result.current('2029-12-31T23:58:00.000Z')).toBe('2 minutes ago');
  });
});
