import { ROLE } from '@gerbang/contract';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/user-fixture';
import { ADMIN_ROUTES } from './admin-routes';
import { decideAccess, SECOND_FACTOR_SETUP_PATH } from './route-access';
import type { AppRoute } from './route-definition';

const routeAt = (path: string) => ADMIN_ROUTES.find((route) => route.path === path) as AppRoute;

describe('a user whose role requires a second factor', () => {
  const mustEnrol = makeUser(ROLE.Staff, { secondFactorRequired: true, secondFactorEnrolled: false });

  it('is sent to set one up from every other page', () => {
    for (const path of ['/', '/transaction-session', '/change-password']) {
      expect(
        decideAccess({ route: routeAt(path), pathname: path, search: '', user: mustEnrol, consoleKind: 'admin' }),
      ).toEqual({ kind: 'redirect', to: SECOND_FACTOR_SETUP_PATH });
    }
  });

  it('may open the set-up page', () => {
    const route = routeAt(SECOND_FACTOR_SETUP_PATH);
    expect(decideAccess({ route, pathname: route.path, search: '', user: mustEnrol, consoleKind: 'admin' })).toEqual({
      kind: 'allow',
    });
  });

  it('goes anywhere its role may once enrolled', () => {
    const enrolled = { ...mustEnrol, secondFactorEnrolled: true };
    expect(
      decideAccess({ route: routeAt('/'), pathname: '/', search: '', user: enrolled, consoleKind: 'admin' }),
    ).toEqual({
      kind: 'allow',
    });
  });
});
