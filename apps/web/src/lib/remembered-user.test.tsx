import { CURRENT_USER_STORAGE_KEY, currentUser, ROLE } from '@gerbang/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render-app';
import { makeUser } from '../test/user-fixture';
import { hasBothTokens, setTokens } from './auth-tokens';
import { readRememberedUser, rememberUser } from './remembered-user';

let cleanupHttp: () => void = () => undefined;
afterEach(() => {
  cleanupHttp();
  vi.useRealTimers();
});

/** A returning operator: tokens and the user the server last described, as a sign-in leaves them. */
function returningOperator() {
  const user = makeUser(ROLE.Admin);
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  rememberUser(user);
  return user;
}

describe('a returning operator', () => {
  it('sees the console at once, while the server is still asked who they are', async () => {
    const user = returningOperator();
    let answer: (value: { status: number; data: unknown }) => void = () => undefined;
    const app = renderApp({
      path: '/',
      startsLikeMain: true,
      handler: (request) => (request.url === currentUser.path ? new Promise((resolve) => (answer = resolve)) : null),
    });
    cleanupHttp = app.http.restore;

    expect(await screen.findByRole('heading', { level: 1, name: 'Device' })).toBeInTheDocument();
    expect(app.http.requests.some((request) => request.url === currentUser.path)).toBe(true);
    answer({ status: 200, data: { ...user, name: 'Renamed Meanwhile' } });
    await waitFor(() => expect(readRememberedUser()?.name).toBe('Renamed Meanwhile'));
    expect(app.location()).toBe('/');
  });

  it('is signed out, and forgotten, when the server no longer knows the session', async () => {
    returningOperator();
    const app = renderApp({
      path: '/',
      startsLikeMain: true,
      handler: (request) => (request.url === currentUser.path ? { status: 200, data: {} } : null),
    });
    cleanupHttp = app.http.restore;

    await waitFor(() => expect(app.location()).toBe('/auth/signin?redirect=%2F'));
    expect(hasBothTokens()).toBe(false);
    expect(localStorage.getItem(CURRENT_USER_STORAGE_KEY)).toBeNull();
  });

  it('is not drawn from a remembered profile without the tokens of a session', async () => {
    rememberUser(makeUser(ROLE.Admin));
    const app = renderApp({ path: '/', startsLikeMain: true });
    cleanupHttp = app.http.restore;

    await waitFor(() => expect(app.location()).toBe('/auth/signin?redirect=%2F'));
    expect(app.http.requests).toHaveLength(0);
  });

  it('is asked about again on coming back to the tab after a minute, not sooner', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const app = renderApp({ path: '/', user: makeUser(ROLE.Admin) });
    cleanupHttp = app.http.restore;
    const checks = () => app.http.requests.filter((request) => request.url === currentUser.path).length;
    expect(await screen.findByRole('heading', { level: 1, name: 'Device' })).toBeInTheDocument();
    await waitFor(() => expect(checks()).toBe(1));

    vi.setSystemTime(Date.now() + 30_000);
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(checks()).toBe(1);
    vi.setSystemTime(Date.now() + 31_000);
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(checks()).toBe(2));
  });
});
