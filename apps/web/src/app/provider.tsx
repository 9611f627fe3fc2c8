import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConfirmDialogProvider } from '../components/ui/confirm-dialog';
import { Toaster } from '../components/ui/toast';
import { SessionProvider } from '../lib/session';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A 4xx will not change on retry; the API client already replays a 401 after refreshing.
      queries: { retry: 1, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * Everything a page may rely on. i18n and the colour theme are started in main.tsx before the
 * first render, so no page ever renders untranslated or in the wrong theme.
 */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>
        <ConfirmDialogProvider>
          {children}
          <Toaster />
        </ConfirmDialogProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
