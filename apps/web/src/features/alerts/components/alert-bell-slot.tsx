import { canUser } from '@gerbang/contract';
import { lazy, Suspense } from 'react';
import { QueryCacheProvider } from '../../../lib/query-cache';
import { useSession } from '../../../lib/session';
import { AlertBellLink } from './alert-bell-link';

const AlertBell = lazy(() => import('./alert-bell'));

/** In the top bar for those who see alerts; the live part (query, schemas) loads after the shell. */
export function AlertBellSlot() {
  const { user } = useSession();
  if (!canUser(user, 'alerts', 'view')) return null;
  return (
    <QueryCacheProvider>
      <Suspense fallback={<AlertBellLink count={null} />}>
        <AlertBell />
      </Suspense>
    </QueryCacheProvider>
  );
}
