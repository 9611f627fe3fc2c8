import { ROLE } from '@gerbang/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { makeUser } from '../../test/user-fixture';

let restoreHttp: () => void = () => undefined;
afterEach(() => restoreHttp());

describe('sidebar toggle on small screens', () => {
  it('opens with the menu button and closes on Escape and on a press outside', async () => {
    const user = userEvent.setup();
    const app = renderApp({ path: '/proxy', user: makeUser(ROLE.Admin) });
    restoreHttp = app.http.restore;

    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
