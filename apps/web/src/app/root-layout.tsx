import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { firstCommitDone } from '../lib/first-frame';
import { NavigationProgress } from './navigation-progress';

/** Spec §2: every route change starts at the top of the page. */
function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the path changed.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function RootLayout() {
  useEffect(firstCommitDone, []);
  return (
    <>
      <ScrollToTop />
      <NavigationProgress />
      <Outlet />
    </>
  );
}
