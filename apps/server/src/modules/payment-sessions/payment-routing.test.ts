import { describe, expect, it } from 'vitest';
import { rankAccounts } from './payment-routing';

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
