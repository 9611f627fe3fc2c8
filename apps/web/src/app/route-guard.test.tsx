import { ROLE } from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';
import { makeUser } from '../test/user-fixture';

let cleanupHttp: () => void = () => undefined;
afterEach(() => cleanupHttp());

function open(options: Parameters<typeof renderApp>[0]) {
  const app = renderApp(options);
  cleanupHttp = app.http.restore;
  return app;
}

describe('route guards', () => {
  it('send a signed-out user to sign-in with the encoded path and query', async () => {
    const app = open({ path: '/user?q=ada&status=active' });
    await waitFor(() => expect(app.location()).toBe('/auth/signin?redirect=%2Fuser%3Fq%3Dada%26status%3Dactive'));
  });

  it('use "/" as the redirect value for /change-password', async () => {
    const app = open({ path: '/change-password' });
    await waitFor(() => expect(app.location()).toBe('/auth/signin?redirect=%2F'));
  });

  it('let a signed-out user stay on sign-in', async () => {
    const app = open({ path: '/auth/signin?redirect=%2Fproxy' });
    await waitFor(() => expect(document.title).toBe('Sign In'));
    expect(app.location()).toBe('/auth/signin?redirect=%2Fproxy');
  });

  it('send a signed-in user from a public page to the decoded redirect value', async () => {
    const app = open({ path: '/auth/signin?redirect=%2Fproxy%3Fpage%3D2', user: makeUser(ROLE.Admin) });
    await waitFor(() => expect(app.location()).toBe('/proxy?page=2'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Proxy' })).toBeInTheDocument();
  });

  it('send a signed-in user from a public page to "/" without a redirect value', async () => {
    const app = open({ path: '/auth/forgot-password', user: makeUser(ROLE.Admin) });
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Device' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Device Dashboard'));
  });

  it('refuse a redirect value that leaves the site', async () => {
    const app = open({ path: '/auth/signin?redirect=%2F%2Fevil.example', user: makeUser(ROLE.Admin) });
    await waitFor(() => expect(app.location()).toBe('/'));
  });

  it('show /transaction to an Admin', async () => {
    open({ path: '/transaction', user: makeUser(ROLE.Admin) });
    // The page loads its code and four namespaces first: slow on a busy runner, so waited for longer.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Incoming transfers' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('No access')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Transaction'));
  });

  it.each([ROLE.Staff, ROLE.PhoneFarm, ROLE.SubAdmin])(
    'show "no access" on /transaction to role %i',
    async (roleId) => {
      const app = open({ path: '/transaction', user: makeUser(roleId) });
      expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
      expect(app.location()).toBe('/transaction');
    },
  );

  it('hide the Transaction sidebar link from roles that may not open it', async () => {
    open({ path: '/', user: makeUser(ROLE.Staff) });
    const nav = await screen.findByRole('navigation', { name: 'GENERAL' });
    expect(within(nav).queryByRole('link', { name: 'Transaction' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Device' })).toHaveAttribute('aria-current', 'page');
  });

  it('list the admin sidebar in the specified order for an Admin', async () => {
    open({ path: '/dana', user: makeUser(ROLE.Admin) });
    const nav = await screen.findByRole('navigation', { name: 'GENERAL' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual([
      'Transaction',
      'Transaction Session',
      'Withdrawal Request',
      'Merchant',
      'User',
      'Device',
      'Dana',
      'Livin',
      'Maya',
      'Proxy',
      'Analytics',
      'Alerts',
      'Audit Log',
      'Permissions',
    ]);
    expect(within(nav).getByRole('link', { name: 'Dana' })).toHaveAttribute('aria-current', 'page');
  });

  it('show a Merchant in the admin console the wrong-console page with Log Out', async () => {
    open({ path: '/', user: makeUser(ROLE.Merchant) });
    expect(await screen.findByRole('heading', { level: 1, name: 'This is not your console' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });

  it('show an Admin in the merchant console the wrong-console page', async () => {
    open({ path: '/', user: makeUser(ROLE.Admin), consoleKind: 'merchant' });
    expect(await screen.findByRole('heading', { level: 1, name: 'This is not your console' })).toBeInTheDocument();
  });

  it('give a Merchant the merchant console with its sidebar', async () => {
    open({ path: '/api-tokens', user: makeUser(ROLE.Merchant), consoleKind: 'merchant' });
    expect(await screen.findByRole('heading', { level: 1, name: 'API Tokens' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'GENERAL' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'API Tokens',
      'API Logs',
      'Webhooks',
      'Transaction',
      'Withdrawal Requests',
      'Payout Methods',
      'Team',
      'Audit Log',
    ]);
  });

  it('show a Merchant team member only the pages its team role may open', async () => {
    open({
      path: '/withdrawal-requests',
      user: makeUser(ROLE.Merchant, { merchantRole: 'viewer' }),
      consoleKind: 'merchant',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Withdrawal Requests' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'GENERAL' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Transaction', 'Withdrawal Requests', 'Payout Methods']);
  });

  it('log out silently when the current-user check fails', async () => {
    localStorage.setItem('access_token', 'a');
    localStorage.setItem('refresh_token', 'r');
    const app = open({ path: '/proxy', handler: () => ({ status: 500, data: null }) });
    await waitFor(() => expect(app.location()).toBe('/auth/signin?redirect=%2Fproxy'));
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });
});
