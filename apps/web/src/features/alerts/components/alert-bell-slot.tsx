import { canUser } from '@gerbang/contract';
import { lazy, Suspense } from 'react';
import { afterFirstFrame } from '../../../lib/first-frame';
import { QueryCacheProvider } from '../../../lib/query-cache';
import { useSession } from '../../../lib/session';
import { AlertBellLink } from './alert-bell-link';

// The bell's live part asks the API, which waits for the layout's first frame anyway: its code
// loads after that frame too, not beside the layout's.
const AlertBell = lazy(() => afterFirstFrame().then(() => import('./alert-bell')));

/** In the top bar for those who see alerts; the live part (query, schemas) loads after the shell's first frame. */
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
