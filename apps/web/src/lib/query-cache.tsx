import {
  type InvalidateOptions,
  type InvalidateQueryFilters,
  type Query,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { hasBothTokens, subscribeTokens } from './auth-tokens';
import { subscribeConsoleMode } from './console-mode';
import { onRealtimeReconnect } from './realtime-store';

/**
 * A query cache whose invalidation also reaches a query on its first load. TanStack Query keeps a
 * first load that is under way instead of starting it again (it cancels only the refetch of an
 * answer already shown), so a change announced while a detail opens (a payout paid as its dialog
 * loads) would leave the dialog on what the server read before the change, with no event to come.
 * Such a query is read once more after its first answer lands.
 */
class ConsoleQueryClient extends QueryClient {
  override async invalidateQueries(filters: InvalidateQueryFilters = {}, options?: InvalidateOptions): Promise<void> {
    const firstLoads = new Set<Query>(
      this.getQueryCache()
        .findAll({ ...filters, fetchStatus: 'fetching' })
        .filter((query) => query.state.data === undefined),
    );
    await super.invalidateQueries(filters, options);
    if (firstLoads.size > 0) await super.invalidateQueries({ predicate: (query) => firstLoads.has(query) }, options);
  }
}

/**
 * The pages' query cache (TanStack Query). It loads with the first page that reads the API, not
 * with the entry: the sign-in page does without it (scripts/check-bundle-size.mjs).
 */
function createQueryClient({ retry = 1 } = {}): QueryClient {
  return new ConsoleQueryClient({
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
