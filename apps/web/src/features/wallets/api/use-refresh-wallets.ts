import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * Every wallet read (lists, summaries, the account, its login, checks, logs) is fetched again:
 * readiness and counts are the server's to compute, never patched in the browser.
 */
export function useRefreshWallets() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: ['wallets'] }), [queryClient]);
}
