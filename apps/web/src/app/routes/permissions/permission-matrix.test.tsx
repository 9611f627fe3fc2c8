import { ROLE } from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/user-fixture';

let restore = () => {};
afterEach(() => restore());

function open(roleId: (typeof ROLE)[keyof typeof ROLE]) {
  const app = renderApp({ path: '/permissions', user: makeUser(roleId) });
  restore = app.http.restore;
  return app;
}

/** The cell of the matrix at an area's row and a role's column. */
function cell(table: HTMLElement, area: string, role: string): HTMLElement {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  const row = within(table).getByRole('row', { name: new RegExp(`^${area}`) });
  return within(row).getAllByRole('cell')[headers.indexOf(role)] as HTMLElement;
}

describe('Permissions', () => {
  it("shows each role's actions per area as the contract's table has them", async () => {
    open(ROLE.Admin);
    const table = await screen.findByRole('table', { name: 'Permissions by area and role' });
    await waitFor(() => expect(document.title).toBe('Permissions'));
    expect(cell(table, 'Audit log', 'Sub Admin')).toHaveTextContent('View');
    expect(cell(table, 'Merchants', 'Sub Admin')).toHaveTextContent('View, Create, Edit, Operate');
    expect(cell(table, 'Devices', 'Admin')).toHaveTextContent('All');
    expect(cell(table, 'Proxies', 'Merchant')).toHaveTextContent('None');
    const legend = screen.getByRole('region', { name: 'What the actions mean' });
    expect(within(legend).getByText('Operate').nextElementSibling).toHaveTextContent(/run a check/);
  });

  it('is open to the roles that manage users, and refused to the others', async () => {
    open(ROLE.SubAdmin);
    const nav = await screen.findByRole('navigation', { name: 'GENERAL' });
    expect(within(nav).getByRole('link', { name: 'Permissions' })).toHaveAttribute('aria-current', 'page');
    restore();
    open(ROLE.PhoneFarm);
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
  });
});
