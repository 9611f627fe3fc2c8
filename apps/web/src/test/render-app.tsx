import { currentUser, type User } from '@gerbang/contract';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { ADMIN_ROUTES, loadAdminLayout } from '../app/admin-routes';
import { loadMerchantLayout, MERCHANT_ROUTES } from '../app/merchant-routes';
import { AppProvider } from '../app/provider';
import { ConsoleRouter, createConsoleRoutes } from '../app/router';
import type { ConsoleKind } from '../config/build-targets';
import { clearTokens, setTokens } from '../lib/auth-tokens';
import { startCurrentUserCheck } from '../lib/current-user-store';
import { startNewQueryCache } from '../lib/query-cache';
import { errorBody, type StubRequest, type StubResponse, stubHttp } from './http-stub';

// The router loads these layouts on demand; loading them with this helper keeps that one-off
// cost out of the first test's time limit.
await Promise.all([import('../app/layouts/admin-layout'), import('../app/layouts/merchant-layout')]);

type RenderAppOptions = {
  path: string;
  /** Signed in as this user (tokens stored, current-user answers with it); none: signed out. */
  user?: User;
  consoleKind?: ConsoleKind;
  /** Answers for other calls pages make; null or unknown calls get 404. */
  handler?: (request: StubRequest) => StubResponse | null | Promise<StubResponse | null>;
  /** Start as main.tsx does: the stored session's check (and the remembered user) before rendering. */
  startsLikeMain?: boolean;
};

/** Renders the real route table, guards and layouts at `path`, with HTTP stubbed at the adapter. */
export function renderApp({ path, user, consoleKind = 'admin', handler, startsLikeMain }: RenderAppOptions) {
  if (user) {
    // A new session: the one a previous render of the same test signed in ends first.
    clearTokens();
    setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  }
  const http = stubHttp(async (request) => {
    if (request.url === currentUser.path && user) return { status: 200, data: user };
    const answer = handler ? await handler(request) : null;
    return answer ?? { status: 404, data: errorBody('NOT_FOUND') };
  });
  let current = path;
  function LocationProbe() {
    const { pathname, search } = useLocation();
    current = `${pathname}${search}`;
    return null;
  }
  startNewQueryCache({ retry: 0 });
  if (startsLikeMain) startCurrentUserCheck();
  const view = render(
    <AppProvider>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <ConsoleRouter
          routes={
            consoleKind === 'admin'
              ? createConsoleRoutes('admin', ADMIN_ROUTES, loadAdminLayout)
              : createConsoleRoutes('merchant', MERCHANT_ROUTES, loadMerchantLayout)
          }
        />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...view, http, location: () => current };
}
