import {
  ACCESS_TOKEN_STORAGE_KEY,
  type CurrentUser,
  currentUser,
  disableUser,
  inviteUser,
  listUsers,
  REFRESH_TOKEN_STORAGE_KEY,
  ROLE,
} from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBody, type StubResponse, stubHttp } from '../../../test/http-stub';
import { renderInAppAt } from '../../../test/render-in-app';
import UserListRoute from './user-list';

function aUser(overrides: Partial<CurrentUser>): CurrentUser {
  return {
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
    ...overrides,
  };
}

const ADMIN = aUser({});
const BUDI = aUser({
  id: '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6',
  email: 'budi@example.com',
  name: 'Budi',
  roleId: ROLE.Staff,
  isLoggedIn: false,
});

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
  [`GET ${listUsers.path}`]: () => ({ status: 200, data: { items: [ADMIN, BUDI], nextCursor: null } }),
};

function renderUserList() {
  renderInAppAt('/user', { '/user': <UserListRoute /> });
}

describe('User Management', () => {
  beforeEach(() => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'access');
    localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, 'refresh');
  });

  afterEach(() => restoreHttp());

  it('invites a user with the email, name and role from the modal', async () => {
    const requests = stubNetwork({
      ...signedInAsAdmin,
      [`POST ${inviteUser.path}`]: () => ({
        status: 201,
        data: aUser({
          id: 'c4a9d2e0-1111-4222-8333-944455556666',
          email: 'siti@example.com',
          name: 'Siti',
          status: 'invited',
        }),
      }),
    });
    const user = userEvent.setup();
    renderUserList();

    await user.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite User' });
    await user.type(within(dialog).getByLabelText(/^Email/), 'siti@example.com');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Siti');
    await user.selectOptions(within(dialog).getByLabelText(/^Role/), 'Phone Farm');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    expect(await screen.findByText('Invitation sent to siti@example.com.')).toBeInTheDocument();
    const invites = requests.filter((request) => request.method === 'POST' && request.url === inviteUser.path);
    expect(invites.map((request) => request.data)).toEqual([
      { email: 'siti@example.com', name: 'Siti', roleId: ROLE.PhoneFarm },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server field error next to the email input and keeps the modal open', async () => {
    stubNetwork({
      ...signedInAsAdmin,
      [`POST ${inviteUser.path}`]: () => ({
        status: 422,
        data: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'body.email: Enter a valid email address',
            fields: { 'body.email': 'Enter a valid email address' },
          },
          requestId: 'r',
        },
      }),
    });
    const user = userEvent.setup();
    renderUserList();

    await user.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite User' });
    await user.type(within(dialog).getByLabelText(/^Email/), 'siti@example.c0m');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Siti');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Email/)).toHaveAccessibleDescription('Enter a valid email address'),
    );
    expect(within(dialog).getByLabelText(/^Email/)).toBeInvalid();
    expect(screen.getByRole('dialog', { name: 'Invite User' })).toBeInTheDocument();
  });

  it('asks before disabling and does nothing when the confirmation is cancelled', async () => {
    const disablePath = disableUser.path.replace(':id', BUDI.id);
    const requests = stubNetwork({
      ...signedInAsAdmin,
      [`POST ${disablePath}`]: () => ({ status: 200, data: { ...BUDI, status: 'disabled' } }),
    });
    const user = userEvent.setup();
    renderUserList();

    await user.click(await screen.findByRole('button', { name: 'Disable Budi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable User' });
    expect(dialog).toHaveTextContent('Disable Budi?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((request) => request.url === disablePath)).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Disable Budi' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Disable User' })).getByRole('button', { name: 'Disable' }),
    );

    expect(await screen.findByText('Budi has been disabled.')).toBeInTheDocument();
    expect(requests.filter((request) => request.url === disablePath)).toHaveLength(1);
  });

  it('offers no actions on the signed-in user’s own row', async () => {
    stubNetwork(signedInAsAdmin);
    renderUserList();

    expect(await screen.findByRole('button', { name: 'Disable Budi' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable Admin' })).not.toBeInTheDocument();
  });
});
