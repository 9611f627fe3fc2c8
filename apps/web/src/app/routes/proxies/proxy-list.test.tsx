import {
  ACCESS_TOKEN_STORAGE_KEY,
  type CurrentUser,
  checkProxy,
  currentUser,
  deleteProxy,
  importProxies,
  listProxies,
  type ProxyEntry,
  REFRESH_TOKEN_STORAGE_KEY,
  ROLE,
  updateProxy,
} from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBody, type StubResponse, stubHttp } from '../../../test/http-stub';
import { renderInAppAt } from '../../../test/render-in-app';
import ProxyListRoute from './proxy-list';

const ADMIN: CurrentUser = {
  id: '0b5c1c52-8f3e-4a59-9d5e-3f0d8a7f6e21',
  email: 'admin@gerbang.local',
  name: 'Admin',
  roleId: ROLE.Admin,
  merchantId: null,
  merchantRole: null,
  merchantName: null,
  status: 'active',
  isLoggedIn: true,
  lastLoginAt: null,
  secondFactorEnrolled: false,
  secondFactorRequired: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function aProxy(overrides: Partial<ProxyEntry>): ProxyEntry {
  return {
    id: '5e0f7a4c-1d2b-4c3d-8e9f-0a1b2c3d4e5f',
    type: 'http',
    host: '10.0.0.1',
    port: 8080,
    username: 'alice',
    hasPassword: true,
    label: 'Jakarta',
    checkStatus: 'unchecked',
    lastCheckedAt: null,
    latencyMs: null,
    exitIp: null,
    lastError: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const JAKARTA = aProxy({});
const at = (endpoint: { path: string }, id: string) => endpoint.path.replace(':id', id);

type Replies = Record<string, (body: unknown) => StubResponse>;
let restoreHttp = () => {};

/** Serves "METHOD /path" from a table of replies; anything else is a 404. */
function stubNetwork(replies: Replies) {
  const stub = stubHttp(
    ({ method, url, data }) => replies[`${method} ${url}`]?.(data) ?? { status: 404, data: errorBody('NOT_FOUND') },
  );
  restoreHttp = stub.restore;
  return stub.requests;
}

const signedInAsAdmin: Replies = {
  [`GET ${currentUser.path}`]: () => ({ status: 200, data: ADMIN }),
  [`GET ${listProxies.path}`]: () => ({ status: 200, data: { items: [JAKARTA] } }),
};

function renderProxyList() {
  renderInAppAt('/proxy', { '/proxy': <ProxyListRoute /> });
}

describe('Proxy Management', () => {
  beforeEach(() => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'access');
    localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, 'refresh');
  });
  afterEach(() => restoreHttp());

  it('lists proxies with whether a password is set and the last check', async () => {
    stubNetwork({
      ...signedInAsAdmin,
      [`GET ${listProxies.path}`]: () => ({
        status: 200,
        data: {
          items: [
            aProxy({ checkStatus: 'ok', latencyMs: 42, exitIp: '203.0.113.9', lastCheckedAt: '2025-01-02T00:00:00Z' }),
          ],
        },
      }),
    });
    renderProxyList();
    const row = (await screen.findByText('10.0.0.1:8080')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Jakarta');
    expect(row).toHaveTextContent('Yes');
    expect(row).toHaveTextContent('42 ms');
    expect(row).toHaveTextContent('exit IP 203.0.113.9');
  });

  it('imports, then shows each line that failed with its number and message', async () => {
    const requests = stubNetwork({
      ...signedInAsAdmin,
      [`POST ${importProxies.path}`]: () => ({
        status: 200,
        data: {
          created: [aProxy({ id: 'c4a9d2e0-1111-4222-8333-944455556666', host: '1.2.3.4' })],
          errors: [
            { line: 2, text: 'bad host:80:bob:****', message: 'Enter a host name or IP address' },
            { line: 3, text: '5.6.7.8:99999', message: 'The port must be a number from 1 to 65535' },
          ],
        },
      }),
    });
    const user = userEvent.setup();
    renderProxyList();

    await user.click(await screen.findByRole('button', { name: 'Bulk Import' }));
    const dialog = screen.getByRole('dialog', { name: 'Bulk Import Proxies' });
    await user.selectOptions(within(dialog).getByLabelText(/^Type/), 'SOCKS5');
    await user.type(
      within(dialog).getByLabelText('Proxies, one per line'),
      '1.2.3.4:8080{enter}bad host:80:bob:pw{enter}5.6.7.8:99999',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    const errors = await within(dialog).findByRole('list', { name: 'Lines that were not imported' });
    const items = within(errors).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Line 2: bad host:80:bob:**** — Enter a host name or IP address',
      'Line 3: 5.6.7.8:99999 — The port must be a number from 1 to 65535',
    ]);
    expect(within(dialog).getByText('Created: 1. Not imported: 2.')).toBeInTheDocument();
    expect(requests.filter((r) => r.url === importProxies.path).map((r) => r.data)).toEqual([
      { type: 'socks5', lines: '1.2.3.4:8080\nbad host:80:bob:pw\n5.6.7.8:99999' },
    ]);
  });

  it('asks before deleting and does nothing when the confirmation is cancelled', async () => {
    const deletePath = at(deleteProxy, JAKARTA.id);
    const requests = stubNetwork({ ...signedInAsAdmin, [`DELETE ${deletePath}`]: () => ({ status: 204 }) });
    const user = userEvent.setup();
    renderProxyList();

    await user.click(await screen.findByRole('button', { name: 'Delete 10.0.0.1:8080' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Proxy' });
    expect(dialog).toHaveTextContent('Delete the proxy 10.0.0.1:8080?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((r) => r.url === deletePath)).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete 10.0.0.1:8080' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Proxy' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Proxy 10.0.0.1:8080 deleted.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE' && r.url === deletePath)).toHaveLength(1);
  });

  it('edits without sending the password unless typed, and clears it only when asked', async () => {
    const patchPath = at(updateProxy, JAKARTA.id);
    const requests = stubNetwork({
      ...signedInAsAdmin,
      [`PATCH ${patchPath}`]: (body) => ({ status: 200, data: { ...JAKARTA, ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderProxyList();

    await user.click(await screen.findByRole('button', { name: 'Edit 10.0.0.1:8080' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit Proxy' });
    const password = within(dialog).getByLabelText(/^Password/);
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', 'unchanged');
    await user.clear(within(dialog).getByLabelText(/^Label/));
    await user.type(within(dialog).getByLabelText(/^Label/), 'Bandung');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit 10.0.0.1:8080' }));
    dialog = screen.getByRole('dialog', { name: 'Edit Proxy' });
    await user.click(within(dialog).getByLabelText('Clear the stored password'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(requests.filter((r) => r.url === patchPath).map((r) => r.data)).toEqual([
      { label: 'Bandung' },
      { password: null },
    ]);
  });

  it('checks one proxy and shows the outcome', async () => {
    const checkPath = at(checkProxy, JAKARTA.id);
    stubNetwork({
      ...signedInAsAdmin,
      [`POST ${checkPath}`]: () => ({
        status: 200,
        data: { ...JAKARTA, checkStatus: 'failed', lastError: 'Proxy refused the credentials (407)' },
      }),
    });
    const user = userEvent.setup();
    renderProxyList();
    await user.click(await screen.findByRole('button', { name: 'Check 10.0.0.1:8080' }));
    expect(
      await screen.findByText('10.0.0.1:8080 failed the check: Proxy refused the credentials (407)'),
    ).toBeInTheDocument();
  });
});
