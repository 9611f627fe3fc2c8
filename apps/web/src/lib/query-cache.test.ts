import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { startNewQueryCache } from './query-cache';

describe('the query cache', () => {
  it('shows a change announced while a detail was still loading, not what the server read before it', async () => {
    const client = startNewQueryCache({ retry: 0 });
    let status = 'approved';
    const answers: (() => void)[] = [];
    // The server reads the payout when the request arrives; the answer lands when the test says.
    const observer = new QueryObserver(client, {
      queryKey: ['withdrawals', 'detail', 'WD-1'],
      queryFn: () => {
        const read = status;
        return new Promise<string>((resolve) => answers.push(() => resolve(read)));
      },
    });
    const seen: (string | undefined)[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    expect(answers).toHaveLength(1);

    // The payout is paid and announced while the dialog's first answer is on its way.
    status = 'paid';
    const refreshed = client.invalidateQueries({ queryKey: ['withdrawals'] });
    answers.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    answers.shift()?.();
    await refreshed;

    expect(observer.getCurrentResult().data).toBe('paid');
    expect([...new Set(seen.filter(Boolean))]).toEqual(['approved', 'paid']);
    unsubscribe();
  });

  it('reads a shown answer again once when it is invalidated', async () => {
    const client = startNewQueryCache({ retry: 0 });
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['withdrawals', 'list'],
      queryFn: async () => {
        reads += 1;
        return reads;
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await client.refetchQueries({ queryKey: ['withdrawals'] });
    const before = reads;
    await client.invalidateQueries({ queryKey: ['withdrawals'] });
    expect(reads).toBe(before + 1);
    unsubscribe();
  });
});
