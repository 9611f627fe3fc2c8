import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickDiscount, rankAccounts } from './payment-routing';

describe('unique final amounts', () => {
  it('asks for the exact amount when nobody has reserved it', () => {
    expect(pickDiscount(150_000n, 0n, new Set(), 99n)).toBe(0n);
  });

  it('takes the smallest discount whose final amount is free', () => {
    expect(pickDiscount(150_000n, 0n, new Set([150_000n, 149_999n]), 99n)).toBe(2n);
  });

  it('gives up when every final amount within the bound is reserved', () => {
    const all = new Set(Array.from({ length: 100 }, (_, i) => 150_000n - BigInt(i)));
    expect(pickDiscount(150_000n, 0n, all, 99n)).toBeNull();
  });

  it('never picks a reserved amount, a discount past the bound, or a final amount of zero', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 1000n }),
        fc.array(fc.bigInt({ min: 0n, max: 120n })),
        (amount, extra, offsets) => {
          const reserved = new Set(offsets.map((offset) => amount + extra - offset));
          const discount = pickDiscount(amount, extra, reserved, 99n);
          if (discount === null) return;
          const finalAmount = amount - discount + extra;
          expect(reserved.has(finalAmount)).toBe(false);
          expect(discount >= 0n && discount <= 99n).toBe(true);
          expect(finalAmount > 0n).toBe(true);
        },
      ),
    );
  });
});

describe('spreading sessions over accounts', () => {
  it('offers the least loaded account first', () => {
    const ranked = rankAccounts(
      [{ id: 'busy' }, { id: 'idle' }, { id: 'some' }],
      new Map([
        ['busy', 5],
        ['some', 1],
      ]),
    );
    expect(ranked.map((a) => a.id)).toEqual(['idle', 'some', 'busy']);
  });
});
