import type { ReactNode } from 'react';
import { ConfirmDialogProvider } from '../components/ui/confirm-dialog';
import { Toaster } from '../components/ui/toast';
import { SessionProvider } from '../lib/session';

/**
 * Everything a page may rely on. i18n and the colour theme are started in main.tsx before the
 * first render, so no page ever renders untranslated or in the wrong theme. The query cache is
 * not here: the router puts it around each page that reads the API (./router).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      <ConfirmDialogProvider>
        {children}
        <Toaster />
      </ConfirmDialogProvider>
    </SessionProvider>
  );
}
