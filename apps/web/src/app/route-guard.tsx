import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner';
import type { ConsoleKind } from '../config/build-targets';
import { useSession } from '../lib/session';
import { useCurrentRoute } from './current-route';
import { WrongConsole } from './errors/wrong-console';
import { useProviderText } from './provider-text';
import { decideAccess } from './route-access';
import { useDocumentTitle } from './use-document-title';

/**
 * Sits above every layout: waits for the session check, then lets the page through, redirects,
 * or shows the wrong-console page. "No access" is drawn by the console layout, inside the shell.
 */
export function RouteGuard({ consoleKind }: { consoleKind: ConsoleKind }) {
  const text = useProviderText();
  const { user, isLoading } = useSession();
  const { pathname, search } = useLocation();
  const route = useCurrentRoute();
  useDocumentTitle(route ? text(route.titleKey, route.provider) : null);

  if (!route) return <Outlet />;
  if (isLoading) return <FullScreenSpinner />;

  const decision = decideAccess({ route, pathname, search, user, consoleKind });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'wrong-console') return <WrongConsole />;
  return <Outlet />;
}
