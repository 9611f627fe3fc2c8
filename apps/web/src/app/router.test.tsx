import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { loadAdminLayout } from './admin-routes';
import { AppProvider } from './provider';
import type { AppRoute } from './route-definition';
import { ConsoleRouter, createConsoleRoutes } from './router';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function publicPage(path: string, load: AppRoute['load']): AppRoute {
  return { path, titleKey: 'routes.signIn', isPublic: true, layout: 'auth', withoutQueryCache: true, load };
}

function Home() {
  return (
    <main>
      <h1>Home page</h1>
      <Link to="/slow">Slow page</Link>
      <Link to="/broken">Broken page</Link>
    </main>
  );
}

function renderRoutes(table: AppRoute[]) {
  render(
    <AppProvider>
      <MemoryRouter initialEntries={['/home']}>
        <ConsoleRouter routes={createConsoleRoutes('admin', table, loadAdminLayout)} />
      </MemoryRouter>
    </AppProvider>,
  );
}

describe('Moving between pages', () => {
  it('keeps the current page on screen with a progress bar until the next page has loaded', async () => {
    const slow = deferred<{ default: () => React.ReactElement }>();
    renderRoutes([publicPage('/home', async () => ({ default: Home })), publicPage('/slow', () => slow.promise)]);
    await userEvent.click(await screen.findByRole('link', { name: 'Slow page' }));

    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeVisible();

    slow.resolve({ default: () => <h1>Slow page loaded</h1> });
    expect(await screen.findByRole('heading', { name: 'Slow page loaded' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows "Unexpected Application Error!" with the reason when a page cannot load', async () => {
    const broken = deferred<{ default: () => React.ReactElement }>();
    renderRoutes([publicPage('/home', async () => ({ default: Home })), publicPage('/broken', () => broken.promise)]);
    await userEvent.click(await screen.findByRole('link', { name: 'Broken page' }));
    broken.reject(new Error('Failed to fetch dynamically imported module'));

    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeVisible();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe("A console page's first load", () => {
  it('brings the code of a page drawn with its layout before the first frame, and any other page after it', async () => {
    vi.resetModules();
    const { holdUntilFirstFrame, firstCommitDone } = await import('../lib/first-frame');
    const router = await import('./router');
    const { loadMerchantLayout } = await import('./merchant-routes');
    holdUntilFirstFrame({ withText: false });
    const loaded: string[] = [];
    const consolePage = (path: string, extra: Partial<AppRoute> = {}): AppRoute => ({
      path,
      titleKey: 'routes.dashboard',
      layout: 'console',
      load: async () => {
        loaded.push(path);
        return { default: () => <h1>{path}</h1> };
      },
      ...extra,
    });
    const routes = router.createConsoleRoutes(
      'merchant',
      [consolePage('/', { drawnWithLayout: true }), consolePage('/team')],
      loadMerchantLayout,
    );

    // main.tsx waits for this before the first render: the dashboard's code is part of it.
    await routes.preload('/');
    expect(loaded).toEqual(['/']);
    await routes.preload('/team');
    expect(loaded).toEqual(['/']);

    // The first frame is on screen: the other page's code follows.
    firstCommitDone();
    await vi.waitFor(() => expect(loaded).toEqual(['/', '/team']));
  });
});
