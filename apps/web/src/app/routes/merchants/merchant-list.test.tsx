import {
  createMerchant,
  inviteUser,
  listMerchants,
  type Merchant,
  ROLE,
  rotateMerchantWebhookSecret,
  suspendMerchant,
  updateMerchant,
} from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, type StubRequest, type StubResponse } from '../../../test/http-stub';
import { aMerchant } from '../../../test/merchant-fixture';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/user-fixture';

const SINAR = aMerchant();
const at = (endpoint: { path: string }, id: string) => endpoint.path.replace(':id', id);

let restore = () => {};
afterEach(() => restore());

function open(
  roleId: (typeof ROLE)[keyof typeof ROLE],
  replies: Record<string, (request: StubRequest) => StubResponse>,
) {
  const app = renderApp({
    path: '/merchant',
    user: makeUser(roleId),
    handler: (request) => replies[`${request.method} ${request.url}`]?.(request) ?? null,
  });
  restore = app.http.restore;
  return app;
}

const listed = (items: Merchant[]) => () => ({ status: 200, data: { items, nextCursor: null } });

describe('Merchant Management', () => {
  it("lists merchants with their terms in the merchant's currency", async () => {
    open(ROLE.Admin, { [`GET ${listMerchants.path}`]: listed([SINAR]) });
    const table = await screen.findByRole('table', { name: 'Merchants' });
    const row = (await within(table).findByText('Toko Sinar')).closest('tr') as HTMLElement;
    expect(within(row).getByText('SINAR')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText(/2\.50% \+ Rp\s?1\.000|2\.50% \+ IDR\s?1,000/)).toBeInTheDocument();
    expect(within(row).getByText("DANA, Livin' by Mandiri")).toBeInTheDocument();
  });

  it('adds a merchant (taking payment links) and shows its webhook secret once, with a way to copy it', async () => {
    const created = aMerchant({ id: '8e2f3a4b-5c6d-4e7f-8091-a2b3c4d5e6f7', name: 'Warung Baru', code: 'WARUNG' });
    const user = userEvent.setup();
    const app = open(ROLE.Admin, {
      [`GET ${listMerchants.path}`]: listed([SINAR]),
      [`POST ${createMerchant.path}`]: () => ({ status: 201, data: { ...created, webhookSecret: 'whsec_shown-once' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add merchant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add merchant' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Warung Baru');
    await user.type(within(dialog).getByLabelText(/^Code/), 'warung');
    await user.type(within(dialog).getByLabelText(/^Minimum amount/), '10000');
    await user.type(within(dialog).getByLabelText(/^Maximum amount/), '5000000');
    // An IDR merchant is offered the IDR methods only.
    expect(within(dialog).queryByLabelText('Maya')).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('DANA'));
    await user.click(within(dialog).getByLabelText(/^Payment links/));
    await user.click(within(dialog).getByRole('button', { name: 'Add merchant' }));

    const reveal = await screen.findByRole('dialog', { name: 'Warung Baru added' });
    expect(within(reveal).getByLabelText('Webhook signing secret')).toHaveValue('whsec_shown-once');
    expect(within(reveal).getByRole('alert')).toHaveTextContent('It will not be shown again.');
    expect(within(reveal).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    const sent = app.http.requests.find((request) => request.method === 'POST');
    expect(sent?.data).toMatchObject({
      name: 'Warung Baru',
      code: 'warung',
      currency: 'IDR',
      minAmount: '10000',
      maxAmount: '5000000',
      allowedMethods: ['dana'],
      paymentTimeLimitMinutes: 15,
      paymentLinksEnabled: true,
    });
    await user.click(within(reveal).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue('whsec_shown-once')).not.toBeInTheDocument());
  });

  it("shows the server's reason next to the field it names", async () => {
    const user = userEvent.setup();
    open(ROLE.Admin, {
      [`GET ${listMerchants.path}`]: listed([SINAR]),
      [`PATCH ${at(updateMerchant, SINAR.id)}`]: () => ({
        status: 422,
        data: {
          ...errorBody('VALIDATION_FAILED'),
          error: {
            ...errorBody('VALIDATION_FAILED', 'Invalid input: body.maxAmount').error,
            fields: { 'body.maxAmount': 'The maximum must not be below the minimum' },
          },
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Toko Sinar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit merchant' });
    expect(within(dialog).getByLabelText(/^Code/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Currency/)).toBeDisabled();
    const max = within(dialog).getByLabelText(/^Maximum amount/);
    await user.clear(max);
    await user.type(max, '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The maximum must not be below the minimum')).toBeInTheDocument();
  });

  it('suspends after confirmation, and makes a new webhook secret after confirmation', async () => {
    const user = userEvent.setup();
    const app = open(ROLE.Admin, {
      [`GET ${listMerchants.path}`]: listed([SINAR]),
      [`POST ${at(suspendMerchant, SINAR.id)}`]: () => ({ status: 200, data: { ...SINAR, status: 'suspended' } }),
      [`POST ${at(rotateMerchantWebhookSecret, SINAR.id)}`]: () => ({
        status: 200,
        data: { webhookSecret: 'whsec_rotated' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Suspend Toko Sinar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(app.http.requests.some((request) => request.url === at(suspendMerchant, SINAR.id))).toBe(true),
    );

    await user.click(screen.getByRole('button', { name: 'New webhook secret for Toko Sinar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make a new secret' }));
    const reveal = await screen.findByRole('dialog', { name: 'New webhook secret for Toko Sinar' });
    expect(within(reveal).getByLabelText('Webhook signing secret')).toHaveValue('whsec_rotated');
  });

  it('invites a user into the merchant from its row', async () => {
    const user = userEvent.setup();
    const app = open(ROLE.Admin, {
      [`GET ${listMerchants.path}`]: listed([SINAR]),
      [`POST ${inviteUser.path}`]: (request) => ({
        status: 201,
        data: makeUser(ROLE.Merchant, { ...(request.data as object), status: 'invited', merchantName: SINAR.name }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Invite user to Toko Sinar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user to Toko Sinar' });
    expect(within(dialog).queryByLabelText(/^Role/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Email/), 'kasir@sinar.example.com');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Kasir Sinar');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Invitation sent to kasir@sinar.example.com.')).toBeInTheDocument();
    expect(app.http.requests.find((request) => request.method === 'POST')?.data).toEqual({
      email: 'kasir@sinar.example.com',
      name: 'Kasir Sinar',
      roleId: ROLE.Merchant,
      merchantId: SINAR.id,
    });
  });

  it('lets Staff read the list but not add, edit, suspend, rotate or invite', async () => {
    open(ROLE.Staff, { [`GET ${listMerchants.path}`]: listed([SINAR]) });
    expect(await screen.findByText('Toko Sinar')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add merchant' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit|Suspend|New webhook secret|Invite/ })).not.toBeInTheDocument();
  });

  it('lets a Sub Admin manage merchants but not give anyone access to one', async () => {
    open(ROLE.SubAdmin, { [`GET ${listMerchants.path}`]: listed([SINAR]) });
    expect(await screen.findByRole('button', { name: 'Edit Toko Sinar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Invite/ })).not.toBeInTheDocument();
  });
});
