import type { DepositView } from '@gerbang/contract';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { depositStatusMessage } from '../features/deposit/hooks/deposit-status-message';
import { useParentMessages } from './use-parent-messages';

const view = (status: DepositView['status']): DepositView => ({
  id: '3f6c1a2b-4d5e-4f60-8a71-b2c3d4e5f607',
  merchantName: 'Toko Sinar',
  referenceNumber: 'INV-1001',
  currency: 'IDR',
  amount: '150000',
  discountAmount: '0',
  extraFee: '0',
  finalAmount: '150000',
  status,
  methods: ['dana'],
  method: null,
  instructions: null,
  expiresAt: '2030-01-01T00:15:00.000Z',
  serverTime: '2030-01-01T00:00:00.000Z',
  returnUrl: null,
  embedOrigins: ['https://shop.example.com'],
  livemode: true,
});

/** Pretends the page is in an iframe on `referrer`, and records what it posts to its parent. */
function framedBy(referrer: string) {
  vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
  vi.spyOn(document, 'referrer', 'get').mockReturnValue(referrer);
  return vi.spyOn(window.parent, 'postMessage').mockImplementation(() => {});
}

afterEach(() => vi.restoreAllMocks());

describe('messages to the page that frames the deposit page', () => {
  it("posts EMBED_READY, then each status, to the merchant's allowed origin only", () => {
    const post = framedBy('https://shop.example.com/checkout');
    const { rerender } = renderHook(({ v }) => useParentMessages(v, depositStatusMessage), {
      initialProps: { v: view('created') },
    });
    rerender({ v: view('awaiting_payment') });
    rerender({ v: view('awaiting_payment') });
    expect(post.mock.calls).toEqual([
      ['EMBED_READY', 'https://shop.example.com'],
      [expect.objectContaining({ type: 'payment_session.status', status: 'created' }), 'https://shop.example.com'],
      [
        expect.objectContaining({ type: 'payment_session.status', status: 'awaiting_payment' }),
        'https://shop.example.com',
      ],
    ]);
  });

  it('posts nothing to a page the merchant did not allow, and never to "*"', () => {
    const post = framedBy('https://evil.example.net/');
    renderHook(() => useParentMessages(view('success'), depositStatusMessage));
    expect(post).not.toHaveBeenCalled();
  });
});
