import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { matchRoutes, Route, Routes, useLocation, useNavigate } from 'react-router';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner';
import type { ConsoleKind } from '../config/build-targets';
import { afterFirstFrame } from '../lib/first-frame';
import { i18n, initI18n, prefetchTranslations } from '../lib/i18n';
import { setNavigate } from '../lib/navigation';
import { CurrentRouteContext } from './current-route';
import { RouteErrorBoundary } from './errors/route-error-boundary';
import { AuthLayout } from './layouts/auth-layout';
import { trackPageLoad } from './page-loads';
import { RootLayout } from './root-layout';
import type { AppRoute, ComponentLoader } from './route-definition';
import { RouteGuard } from './route-guard';

type RouteModule = Awaited<ReturnType<ComponentLoader>>;

/** Loads once, whether a preload or React asks first; the progress bar counts the download. */
function loadOnce(load: ComponentLoader): ComponentLoader {
  let loading: Promise<RouteModule> | undefined;
  return () => {
    loading ??= trackPageLoad(load);
    return loading;
  };
}

/**
 * The page's code and its translations load together, so its first render does not suspend on
 * them. The console layout carries the query cache; an account page that reads the API loads it
 * with itself (the sign-in page does without it).
 */
function pageLoader(route: AppRoute): ComponentLoader {
  return loadOnce(async () => {
    // Console pages also need the shell's own texts (sidebar, page headers), which the sign-in page does not.
    const namespaces = [...(route.namespaces ?? []), ...(route.layout === 'console' ? (['console'] as const) : [])];
    // A console page's code, its texts and the schemas it parses with load after the layout's
    // first frame: the sidebar and the page's header paint first, without sharing a phone's link
    // with them (the document names only the layout's files: scripts/route-preloads.mjs).
    if (route.layout === 'console' && !route.drawnWithLayout) await afterFirstFrame();
    prefetchTranslations(namespaces);
    const [page, queryCache] = await Promise.all([
      route.load(),
      route.layout === 'console' || route.withoutQueryCache ? null : import('../lib/query-cache'),
      initI18n().then(() => i18n.loadNamespaces(namespaces)),
      // Before a console page parses its first answer (the layout draws without zod; the sign-in
      // pages' one parsing module imports it itself, and so do the schemas that a page drawn with
      // its layout parses with after its first frame).
      route.layout === 'console' && !route.drawnWithLayout ? import('../lib/zod-config') : null,
    ]);
    const Page = page.default;
    if (!queryCache) return { default: Page };
    const { QueryCacheProvider } = queryCache;
    return {
      default: () => (
        <QueryCacheProvider>
          <Page />
        </QueryCacheProvider>
      ),
    };
  });
}

/**
 * A lazily loaded component that renders at once when its module has already loaded (main.tsx
 * waits for the console layout's): React.lazy would suspend that first render all the same, show
 * the spinner, and reveal the layout only after its Suspense throttle (300 ms).
 */
function preloadable(load: ComponentLoader): { Component: ComponentType; load: ComponentLoader } {
  let loaded: ComponentType | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadAndKeep);
  return {
    load: loadAndKeep,
    Component: function Preloadable() {
      // Chosen once per mount: switching from the lazy wrapper to the module would remount it.
      const [Chosen] = useState<ComponentType>(() => loaded ?? Lazy);
      return <Chosen />;
    },
  };
}

export type ConsoleRoutes = {
  /** The route-table row an address shows, if any. */
  match: (pathname: string) => AppRoute | null;
  /**
   * Starts downloading what the page at `pathname` needs (main.tsx, before the first render);
   * resolves once its layout and the layout's texts are ready (the page's code runs after the
   * layout's first frame, unless the page is drawn with its layout). Never rejects: a failed load
   * shows on the page.
   */
  preload: (pathname: string) => Promise<void>;
  /** guard → layout → lazy page, for <Routes>. */
  tree: ReactNode;
};

/**
 * A console's routes, made once: each page's and layout's code loads on demand (the sign-in page
 * carries neither the console shell nor the query cache). Only the auth layout ships with the
 * entry: the sign-in page must not wait for the sidebar and user menu.
 */
export function createConsoleRoutes(
  consoleKind: ConsoleKind,
  table: readonly AppRoute[],
  loadLayout: ComponentLoader,
): ConsoleRoutes {
  const pages = table.map((route) => {
    const load = pageLoader(route);
    // A page drawn with its layout has loaded before the first render (preload): it renders at once.
    return { route, ...(route.drawnWithLayout ? preloadable(load) : { load, Component: lazy(load) }) };
  });
  const consoleLayout = preloadable(loadOnce(loadLayout));
  const ConsoleLayout = consoleLayout.Component;
  const NotFound = lazy(loadOnce(() => import('./routes/not-found')));
  const pageRoutes = (layout: AppRoute['layout']) =>
    pages
      .filter(({ route }) => route.layout === layout)
      .map(({ route, Component }) => <Route key={route.path} path={route.path} element={<Component />} />);
  const patterns = pages.map((page) => ({ path: page.route.path, page }));
  const pageAt = (pathname: string) => matchRoutes(patterns, pathname)?.[0]?.route.page;

  return {
    match: (pathname) => pageAt(pathname)?.route ?? null,
    async preload(pathname) {
      const page = pageAt(pathname);
      if (!page) return;
      const pageLoaded = page.load();
      if (page.route.layout !== 'console') return;
      await Promise.all([
        consoleLayout.load(),
        initI18n().then(() => i18n.loadNamespaces('console')),
        page.route.drawnWithLayout ? pageLoaded : null,
      ]).catch(() => undefined);
    },
    tree: (
      <Route element={<RootLayout />}>
        <Route element={<RouteGuard consoleKind={consoleKind} />}>
          <Route element={<AuthLayout />}>{pageRoutes('auth')}</Route>
          <Route element={<ConsoleLayout />}>{pageRoutes('console')}</Route>
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    ),
  };
}

/** Lets the API client send an ended session to sign-in through the router, without a reload. */
function NavigateFromOutside() {
  const navigate = useNavigate();
  useEffect(() => setNavigate((to) => void navigate(to, { replace: true })), [navigate]);
  return null;
}

/**
 * The console's pages at the current address. The router changes address as a transition, so
 * the current page stays on screen (with the progress bar) until the next one has loaded.
 */
export function ConsoleRouter({ routes }: { routes: ConsoleRoutes }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <CurrentRouteContext value={routes.match(pathname)}>
        <NavigateFromOutside />
        <Suspense fallback={<FullScreenSpinner />}>
          <Routes>{routes.tree}</Routes>
        </Suspense>
      </CurrentRouteContext>
    </RouteErrorBoundary>
  );
}
