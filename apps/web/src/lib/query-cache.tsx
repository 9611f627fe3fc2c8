import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { hasBothTokens, subscribeTokens } from './auth-tokens';
import { subscribeConsoleMode } from './console-mode';
import { onRealtimeReconnect } from './realtime-store';

/**
 * The pages' query cache (TanStack Query). It loads with the first page that reads the API, not
 * with the entry: the sign-in page does without it (scripts/check-bundle-size.mjs).
 */
function createQueryClient({ retry = 1 } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A 4xx will not change on retry; the API client already replays a 401 after refreshing.
      queries: { retry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

let client = createQueryClient();

/** An empty cache from here on: each test starts with one, which need not retry. */
export function startNewQueryCache(options?: { retry?: number }): QueryClient {
  client = createQueryClient(options);
  return client;
}

/** Around every page that reads the API: the console layout's, and the account pages' (src/app/router.tsx). */
export function QueryCacheProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

// Tokens gone (sign-out, failed refresh, another tab): every cached answer of that user goes.
// Only on the change itself: signed-out pages keep their own queries.
let hadTokens = hasBothTokens();
subscribeTokens(() => {
  const hasTokens = hasBothTokens();
  if (hadTokens && !hasTokens) client.clear();
  hadTokens = hasTokens;
});

// Test/Live switched: every answer was the other mode's; the pages read theirs again.
subscribeConsoleMode(() => void client.resetQueries());

// After a lost realtime connection, events may have been missed: every page's data is read again.
onRealtimeReconnect(() => void client.invalidateQueries());
