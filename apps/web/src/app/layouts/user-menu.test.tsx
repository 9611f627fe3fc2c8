import { logout, ROLE } from '@gerbang/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { makeUser } from '../../test/user-fixture';

let restoreHttp: () => void = () => undefined;
afterEach(() => restoreHttp());

describe('user menu', () => {
  it('offers Change Password, which opens /change-password', async () => {
    const user = userEvent.setup();
    const app = renderApp({ path: '/proxy', user: makeUser(ROLE.Admin) });
    restoreHttp = app.http.restore;

    await user.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    await user.click(screen.getByRole('link', { name: 'Change Password' }));

    await waitFor(() => expect(app.location()).toBe('/change-password'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument();
  });

  it('logs out: tells the server, forgets both tokens and returns to sign-in', async () => {
    const user = userEvent.setup();
    const app = renderApp({
      path: '/proxy',
      user: makeUser(ROLE.Admin),
      handler: (request) => (request.url === logout.path ? { status: 204 } : null),
    });
    restoreHttp = app.http.restore;

    await user.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    await user.click(screen.getByRole('button', { name: 'Log Out' }));

    await waitFor(() => expect(app.location()).toBe('/auth/signin?redirect=%2Fproxy'));
    expect(app.http.requests.some((request) => request.method === 'POST' && request.url === logout.path)).toBe(true);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    const app = renderApp({ path: '/proxy', user: makeUser(ROLE.Admin) });
    restoreHttp = app.http.restore;

    const button = await screen.findByRole('button', { name: /Ada Lovelace/ });
    await user.click(button);
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});
