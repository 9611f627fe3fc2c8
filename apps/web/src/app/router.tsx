import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner';
import type { ConsoleKind } from '../config/build-targets';
import { env } from '../config/env';
import { setNavigate } from '../lib/navigation';
import { ADMIN_ROUTES } from './admin-routes';
import { RouterError } from './errors/router-error';
import { AdminLayout } from './layouts/admin-layout';
import { AuthLayout } from './layouts/auth-layout';
import { EmbedLayout } from './layouts/embed-layout';
import { MerchantLayout } from './layouts/merchant-layout';
import { MERCHANT_ROUTES } from './merchant-routes';
import { RootLayout } from './root-layout';
import type { AppRoute, RouteHandle, RouteLayout } from './route-definition';
import { RouteGuard } from './route-guard';

/** Spec §1: the build target, not the user's role, picks the route list. */
export function routesForConsole(consoleKind: ConsoleKind): readonly AppRoute[] {
  return consoleKind === 'admin' ? ADMIN_ROUTES : MERCHANT_ROUTES;
}

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { route };
  return {
    path: route.path,
    handle,
    lazy: async () => ({ Component: (await route.load()).default }),
  };
}

/** Turns a route table (data) into the router's tree: guard → layout → lazy page. */
export function buildRouteObjects(routes: readonly AppRoute[], consoleKind: ConsoleKind): RouteObject[] {
  const inLayout = (layout: RouteLayout) => routes.filter((route) => route.layout === layout).map(toRouteObject);
  const ConsoleLayout = consoleKind === 'admin' ? AdminLayout : MerchantLayout;
  return [
    {
      element: <RootLayout />,
      errorElement: <RouterError />,
      hydrateFallbackElement: <FullScreenSpinner />,
      children: [
        {
          element: <RouteGuard consoleKind={consoleKind} />,
          children: [
            { element: <AuthLayout />, children: inLayout('auth') },
            { element: <EmbedLayout />, children: inLayout('embed') },
            { element: <ConsoleLayout />, children: inLayout('console') },
          ],
        },
        { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).default }) },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRouteObjects(routesForConsole(env.consoleKind), env.consoleKind));
  // The API client sends an ended session to sign-in through the router, without a reload.
  setNavigate((to) => void router.navigate(to, { replace: true }));
  return router;
}
