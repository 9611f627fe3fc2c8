import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner';
import type { ConsoleKind } from '../config/build-targets';
import { env } from '../config/env';
import { i18n, initI18n } from '../lib/i18n';
import { setNavigate } from '../lib/navigation';
import { ADMIN_ROUTES } from './admin-routes';
import { RouterError } from './errors/router-error';
import { AuthLayout } from './layouts/auth-layout';
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
    // The page's translations load with its code, not after its first render suspends on them.
    // The query cache comes with the page that reads the API (the sign-in page does without it).
    lazy: async () => {
      const namespaces = [...(route.namespaces ?? [])];
      const [page, queryCache] = await Promise.all([
        route.load(),
        route.withoutQueryCache ? null : import('../lib/query-cache'),
        initI18n().then(() => i18n.loadNamespaces(namespaces)),
      ]);
      const Page = page.default;
      if (!queryCache) return { Component: Page };
      const { QueryCacheProvider } = queryCache;
      return {
        Component: () => (
          <QueryCacheProvider>
            <Page />
          </QueryCacheProvider>
        ),
      };
    },
  };
}

/** Turns a route table (data) into the router's tree: guard → layout → lazy page. */
export function buildRouteObjects(routes: readonly AppRoute[], consoleKind: ConsoleKind): RouteObject[] {
  const inLayout = (layout: RouteLayout) => routes.filter((route) => route.layout === layout).map(toRouteObject);
  // Only the auth layout ships with the entry: the sign-in page must not wait for the console
  // shell (sidebar, user menu).
  const loadConsoleLayout = async () =>
    consoleKind === 'admin'
      ? { Component: (await import('./layouts/admin-layout')).AdminLayout }
      : { Component: (await import('./layouts/merchant-layout')).MerchantLayout };
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
            { lazy: loadConsoleLayout, children: inLayout('console') },
          ],
        },
        { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).default }) },
      ],
    },
  ];
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Creating the router starts loading the current address's page (its lazy route modules). */
export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(buildRouteObjects(routesForConsole(env.consoleKind), env.consoleKind));
  // The API client sends an ended session to sign-in through the router, without a reload.
  setNavigate((to) => void router.navigate(to, { replace: true }));
  return router;
}
