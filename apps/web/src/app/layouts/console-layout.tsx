import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { SecondFactorOffNotice, StepUpPrompt } from '../../features/second-factor/components/second-factor-prompts';
import { QueryCacheProvider } from '../../lib/query-cache';
import { useSession } from '../../lib/session';
import { useCurrentRoute } from '../current-route';
import { NoAccess } from '../errors/no-access';
import { canOpenRoute } from '../route-access';
import type { AppRoute } from '../route-definition';
import { PageHeader } from './page-header';
import type { PageHeaderVariant } from './page-header-variants';
import { Sidebar } from './sidebar';
import type { SidebarItem } from './sidebar-item';
import { TestModeBanner } from './test-mode-banner';
import { TopBar } from './top-bar';

type ConsoleLayoutProps = {
  sidebarItems: readonly SidebarItem[];
  routes: readonly AppRoute[];
  headerFallback?: PageHeaderVariant;
};

/** Sidebar + top bar + page header around a signed-in page; the guard has already run. */
export function ConsoleLayout({ sidebarItems, routes, headerFallback }: ConsoleLayoutProps) {
  const { t } = useTranslation('common');
  const { user } = useSession();
  const route = useCurrentRoute();
  const { pathname } = useLocation();
  const [isSidebarOpen, setIsSidebarOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeSidebar = useCallback(() => setIsSidebarOpen(false), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on navigation is the point.
  useEffect(() => closeSidebar(), [pathname, closeSidebar]);

  const isAllowed = route ? canOpenRoute(route, user?.roleId, user?.merchantRole) : true;

  return (
    <div className="min-h-screen lg:flex">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('common:skipToContent')}
      </a>
      <Sidebar
        items={sidebarItems}
        routes={routes}
        isOpen={isSidebarOpen}
        onClose={closeSidebar}
        toggleRef={toggleRef}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          isSidebarOpen={isSidebarOpen}
          onToggleSidebar={() => setIsSidebarOpen((open) => !open)}
          toggleRef={toggleRef}
        />
        <TestModeBanner />
        <main id="main-content" tabIndex={-1} className="flex-1 space-y-6 px-3 py-6 outline-none sm:px-6">
          <SecondFactorOffNotice />
          <PageHeader fallback={headerFallback} />
          {/* The shell and the page's header are drawn while the page's own code still loads. */}
          <Suspense
            fallback={
              <div className="flex justify-center py-12">
                <Spinner className="size-8" />
              </div>
            }
          >
            <QueryCacheProvider>
              {isAllowed ? <Outlet /> : <NoAccess />}
              {/* Inside the cache: the dialog reads whether the user has a passkey to offer. */}
              <StepUpPrompt />
            </QueryCacheProvider>
          </Suspense>
        </main>
      </div>
    </div>
  );
}
