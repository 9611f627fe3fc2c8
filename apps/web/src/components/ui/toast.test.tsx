import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster, toast } from './toast';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('show bottom-right above everything and close after 2000 ms', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Copied to clipboard!');
      toast.error('Failed to load bank options.');
    });

    const region = screen.getByRole('status');
    expect(region).toHaveTextContent('Copied to clipboard!');
    expect(region).toHaveTextContent('Failed to load bank options.');
    expect(region).toHaveClass('fixed', 'right-4', 'bottom-4');
    expect(region.style.zIndex).toBe('100000');

    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(region).toHaveTextContent('Copied to clipboard!');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(region).not.toHaveTextContent('Copied to clipboard!');
    expect(region).not.toHaveTextContent('Failed to load bank options.');
  });
});
