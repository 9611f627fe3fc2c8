import { type AuditLogEntry, listAuditLog, listUsers, ROLE } from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StubRequest } from '../../../test/http-stub';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/user-fixture';

const EDITED: AuditLogEntry = {
  id: '42',
  createdAt: '2026-01-01T00:00:00.000Z',
  action: 'user.updated',
  actorUserId: '0b3f2c9e-8a51-4c2d-9e3a-5d6f7a8b9c0d',
  actorName: 'Ada Lovelace',
  actorEmail: 'ada@gerbang.local',
  targetType: 'user',
  targetId: '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6',
  subject: 'budi@example.com',
  ip: '203.0.113.7',
  details: { changes: { name: { from: 'Budi', to: 'Budi Santoso' }, roleId: { from: 2, to: 3 } } },
  targetProvider: null,
};

const SIGNED_IN: AuditLogEntry = {
  ...EDITED,
  id: '41',
  action: 'auth.signin.succeeded',
  targetId: EDITED.actorUserId,
  subject: 'ada@gerbang.local',
  details: { sessionId: 'c4a9d2e0-1111-4222-8333-944455556666' },
};

let restore = () => {};
afterEach(() => restore());

/** The audit page at `path` for `roleId`, its list and entries served from ENTRIES; `seen` keeps the list's requests. */
function openAudit(
  path: string,
  roleId: (typeof ROLE)[keyof typeof ROLE],
  consoleKind: 'admin' | 'merchant' = 'admin',
) {
  const seen: StubRequest[] = [];
  const app = renderApp({
    path,
    user: makeUser(roleId, roleId === ROLE.Merchant ? { merchantId: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d' } : {}),
    consoleKind,
    handler: (request) => {
      if (request.url === listAuditLog.path) {
        seen.push(request);
        return { status: 200, data: { items: [EDITED, SIGNED_IN], nextCursor: null } };
      }
      if (request.url === '/audit-log/42') return { status: 200, data: EDITED };
      if (request.url === listUsers.path) return { status: 200, data: { items: [], nextCursor: null } };
      return null;
    },
  });
  restore = app.http.restore;
  return { app, seen };
}

describe('Audit Log', () => {
  it('lists the entries with who did what to what, and filters them by action and entity', async () => {
    const user = userEvent.setup();
    const { seen } = openAudit('/audit', ROLE.Admin);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const row = (await within(table).findByText('User edited')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(row).getByText('budi@example.com')).toBeInTheDocument();
    expect(within(row).getByText('203.0.113.7')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Audit Log'));

    await user.selectOptions(screen.getByLabelText('Action'), 'Withdrawal approved');
    await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ action: 'withdrawal.approved' }));
    expect(screen.getByLabelText('Entity ID')).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Entity type'), 'Withdrawal');
    await user.type(screen.getByLabelText('Entity ID'), 'f00d');
    await waitFor(() =>
      expect(seen.at(-1)?.params).toMatchObject({
        targetType: 'withdrawal',
        targetId: 'f00d',
        action: 'withdrawal.approved',
      }),
    );
  });

  it('says what is wrong with an IP address instead of asking with it', async () => {
    const user = userEvent.setup();
    const { seen } = openAudit('/audit', ROLE.Admin);
    await user.type(await screen.findByLabelText('IP address'), '999.1');
    expect(await screen.findByText('Enter an IPv4 or IPv6 address, such as 203.0.113.7')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(seen.every((request) => request.params.ip === undefined)).toBe(true);
    await user.clear(screen.getByLabelText('IP address'));
    await user.type(screen.getByLabelText('IP address'), '2001:db8::1');
    await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ ip: '2001:db8::1' }));
  });

  it("opens an entry with its before and after values, a link to the user's page, and narrows to its actor", async () => {
    const user = userEvent.setup();
    const { app, seen } = openAudit('/audit', ROLE.Admin);
    await user.click(await screen.findByRole('button', { name: /^Details of User edited/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Audit entry 42' });
    expect(app.location()).toBe('/audit?entry=42');
    const changes = within(dialog).getByRole('table', { name: 'Changes' });
    const name = within(changes).getByRole('row', { name: /name/ });
    expect(within(name).getByText('Budi')).toBeInTheDocument();
    expect(within(name).getByText('Budi Santoso')).toBeInTheDocument();
    expect(within(changes).getByRole('row', { name: /roleId/ })).toHaveTextContent('23');
    expect(within(dialog).getByText(/"sessionId"|"changes"/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open User' })).toHaveAttribute('href', `/user/${EDITED.targetId}`);

    await user.click(within(dialog).getByRole('button', { name: "Show only this user's entries" }));
    await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ actorUserId: EDITED.actorUserId }));
    expect(screen.getByLabelText('Actor')).toHaveDisplayValue('Ada Lovelace (ada@gerbang.local)');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is in the sidebar of the roles with audit:view only, and refused to the others', async () => {
    openAudit('/audit', ROLE.SubAdmin);
    const nav = await screen.findByRole('navigation', { name: 'GENERAL' });
    expect(within(nav).getByRole('link', { name: 'Audit Log' })).toHaveAttribute('aria-current', 'page');
    restore();
    openAudit('/audit', ROLE.Staff);
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    const staffNav = screen.getByRole('navigation', { name: 'GENERAL' });
    expect(within(staffNav).queryByRole('link', { name: 'Audit Log' })).not.toBeInTheDocument();
  });

  it("gives a merchant its own audit in the merchant console, without the operators' user list", async () => {
    const { app } = openAudit('/audit', ROLE.Merchant, 'merchant');
    expect(await screen.findByRole('table', { name: 'Audit log' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'GENERAL' });
    expect(within(nav).getByRole('link', { name: 'Audit Log' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Actor')).not.toBeInTheDocument();
    expect(app.http.requests.some((request) => request.url === listUsers.path)).toBe(false);
  });
});
