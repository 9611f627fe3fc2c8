import {
  createWebhookEndpoint,
  listMerchants,
  listWebhookEndpoints,
  listWebhookEvents,
  ROLE,
  sendTestWebhookEvent,
  type WebhookEndpointItem,
  type WebhookEventDetail,
} from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StubRequest } from '../../../test/http-stub';
import { aMerchant } from '../../../test/merchant-fixture';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/user-fixture';

const MERCHANT_ID = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
const FAILING: WebhookEventDetail = {
  id: '0b3f2c9e-8a51-4c2d-9e3a-5d6f7a8b9c0d',
  type: 'payment_session.succeeded',
  subjectId: 'c4a9d2e0-1111-4222-8333-944455556666',
  endpointId: null,
  status: 'pending',
  attempts: 2,
  lastStatusCode: 503,
  lastError: 'HTTP 503: maintenance window',
  nextAttemptAt: '2026-01-01T00:05:00.000Z',
  deliveredAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  body: { id: '0b3f2c9e-8a51-4c2d-9e3a-5d6f7a8b9c0d', type: 'payment_session.succeeded', data: { amount: '25000' } },
  deliveries: [
    {
      attempt: 1,
      at: '2026-01-01T00:00:01.000Z',
      url: 'https://shop.example/hooks',
      statusCode: 503,
      durationMs: 41,
      error: 'HTTP 503: maintenance window',
    },
    {
      attempt: 2,
      at: '2026-01-01T00:01:01.000Z',
      url: 'https://shop.example/hooks',
      statusCode: 503,
      durationMs: 38,
      error: 'HTTP 503: maintenance window',
    },
  ],
};
const TEST_EVENT: WebhookEventDetail = {
  ...FAILING,
  id: '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6',
  type: 'webhook.test',
  status: 'pending',
  attempts: 0,
  lastStatusCode: null,
  lastError: null,
  deliveries: [],
};

const ERP: WebhookEndpointItem = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  url: 'https://erp.example/hooks',
  description: 'ERP',
  eventTypes: ['payment_session.succeeded'],
  failingSince: null,
  disabledAt: null,
  previousSecretExpiresAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const NEW_ENDPOINT_ID = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';

let restore = () => {};
afterEach(() => restore());

/** `endpointLoaded`: the merchant's endpoint answers once it settles. */
function open(merchantRole: 'owner' | 'finance' = 'owner', endpointLoaded?: Promise<unknown>) {
  const seen: StubRequest[] = [];
  const app = renderApp({
    path: '/webhooks',
    user: makeUser(ROLE.Merchant, { merchantId: MERCHANT_ID, merchantRole }),
    consoleKind: 'merchant',
    handler: async (request) => {
      if (request.method === 'GET' && request.url === listWebhookEvents.path) {
        seen.push(request);
        const { body, deliveries, ...item } = FAILING;
        return { status: 200, data: { items: [item], nextCursor: null } };
      }
      if (request.url === `/webhook-events/${FAILING.id}`) return { status: 200, data: FAILING };
      if (request.url === `/webhook-events/${TEST_EVENT.id}`) return { status: 200, data: TEST_EVENT };
      if (request.method === 'POST' && request.url === sendTestWebhookEvent.path)
        return { status: 201, data: TEST_EVENT };
      if (request.url === '/webhook-endpoint') {
        seen.push(request);
        await endpointLoaded;
        const callbackUrl =
          request.method === 'PUT'
            ? (request.data as { callbackUrl: string }).callbackUrl
            : 'https://shop.example/hooks';
        const disabledAt = request.method === 'PUT' ? null : '2026-01-04T00:00:00.000Z';
        const health = { failingSince: disabledAt && '2026-01-01T00:00:00.000Z', disabledAt };
        return { status: 200, data: { callbackUrl, previousSecretExpiresAt: null, ...health } };
      }
      if (request.method === 'GET' && request.url === listWebhookEndpoints.path) {
        return { status: 200, data: { items: [ERP] } };
      }
      if (request.method === 'POST' && request.url === createWebhookEndpoint.path) {
        seen.push(request);
        const body = request.data as { url: string; eventTypes: string[] };
        return { status: 201, data: { ...ERP, ...body, id: NEW_ENDPOINT_ID, secret: 'whsec_new-endpoint' } };
      }
      if (request.url === '/webhook-endpoint/secret') {
        seen.push(request);
        const data = {
          callbackUrl: null,
          previousSecretExpiresAt: null,
          failingSince: null,
          disabledAt: null,
          webhookSecret: 'whsec_shown-once',
        };
        return { status: 200, data };
      }
      return null;
    },
  });
  restore = app.http.restore;
  return { app, seen };
}

describe('Webhooks', () => {
  it("holds the endpoint's place while it loads, its buttons disabled, so the events below do not move", async () => {
    let load: (value?: unknown) => void = () => undefined;
    open('owner', new Promise((resolve) => (load = resolve)));
    const section = await screen.findByRole('region', { name: 'Your endpoint' });
    expect(section).toHaveTextContent('…');
    expect(within(section).getByRole('button', { name: 'Change URL' })).toBeDisabled();
    load();
    expect(await within(section).findByText('https://shop.example/hooks')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Change URL' })).toBeEnabled();
  });

  it('lists the events sent to the endpoint with their last answer, and opens one with its attempts and body', async () => {
    const user = userEvent.setup();
    const { app, seen } = open();
    const table = await screen.findByRole('table', { name: 'Webhook events' });
    const row = (await within(table).findByText('payment_session.succeeded')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Sending');
    expect(row).toHaveTextContent('HTTP 503');

    await user.selectOptions(screen.getByLabelText('Status'), 'Failed');
    await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ status: 'failed' }));

    await user.click(within(row).getByRole('button', { name: /^Details of payment_session.succeeded/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Webhook event' });
    expect(app.location()).toBe(`/webhooks?event=${FAILING.id}`);
    // The detail's code loads when an event is opened.
    expect(await within(dialog).findAllByText('HTTP 503: maintenance window')).toHaveLength(2);
    expect(within(dialog).getByText('Sent to https://shop.example/hooks')).toBeInTheDocument();
    expect(within(dialog).getByText(/"amount": "25000"/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Resend' })).toBeInTheDocument();
  });

  it('sends a test event and opens it', async () => {
    const user = userEvent.setup();
    const { app } = open();
    await user.click(await screen.findByRole('button', { name: 'Send test event' }));
    expect(await screen.findByRole('dialog', { name: 'Webhook event' })).toBeInTheDocument();
    expect(app.location()).toBe(`/webhooks?event=${TEST_EVENT.id}`);
  });

  it('lets finance read the events but neither test nor resend', async () => {
    const user = userEvent.setup();
    open('finance');
    const table = await screen.findByRole('table', { name: 'Webhook events' });
    expect(screen.queryByRole('button', { name: 'Send test event' })).not.toBeInTheDocument();
    await user.click(await within(table).findByRole('button', { name: /^Details of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Webhook event' });
    await within(dialog).findByText('Sent to https://shop.example/hooks');
    expect(within(dialog).queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
  });

  it('lets an owner change the callback URL and rotate the signing secret, shown once', async () => {
    const user = userEvent.setup();
    const { seen } = open();
    const endpoint = await screen.findByRole('region', { name: 'Your endpoint' });
    expect(await within(endpoint).findByText('https://shop.example/hooks')).toBeInTheDocument();
    expect(within(endpoint).getByText(/Gerbang stopped sending on/)).toBeInTheDocument();
    await user.click(within(endpoint).getByRole('button', { name: 'Change URL' }));
    const form = await screen.findByRole('dialog', { name: 'Callback URL' });
    await user.clear(within(form).getByLabelText('Callback URL'));
    await user.type(within(form).getByLabelText('Callback URL'), 'https://shop.example/v2/hooks');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(endpoint).findByText('https://shop.example/v2/hooks')).toBeInTheDocument();
    // Saved again: sending resumes.
    expect(within(endpoint).queryByText(/Gerbang stopped sending on/)).not.toBeInTheDocument();
    expect(seen.find((r) => r.method === 'PUT')?.data).toEqual({ callbackUrl: 'https://shop.example/v2/hooks' });

    await user.click(within(endpoint).getByRole('button', { name: 'Rotate signing secret' }));
    const rotate = await screen.findByRole('dialog', { name: 'Rotate signing secret' });
    await user.selectOptions(within(rotate).getByLabelText('The current secret'), 'Stops signing now (it leaked)');
    await user.click(within(rotate).getByRole('button', { name: 'Rotate' }));
    const shown = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue('whsec_shown-once');
    expect(seen.find((r) => r.url === '/webhook-endpoint/secret')?.data).toEqual({ previousSecret: 'expire_now' });
  });

  it('lets an owner add an endpoint for the event types it chooses, its secret shown once', async () => {
    const user = userEvent.setup();
    const { seen } = open();
    const further = await screen.findByRole('region', { name: 'Further endpoints' });
    expect(await within(further).findByText('ERP')).toBeInTheDocument();
    expect(within(further).getByRole('button', { name: 'Send test event to ERP' })).toBeInTheDocument();
    await user.click(within(further).getByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'Add an endpoint' });
    await user.type(within(form).getByLabelText(/^Endpoint URL/), 'https://staging.example/hooks');
    await user.click(within(form).getByRole('checkbox', { name: 'payment_session.failed' }));
    await user.click(within(form).getByRole('checkbox', { name: 'refund.succeeded' }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    const shown = await screen.findByRole('dialog', { name: 'Endpoint added' });
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue('whsec_new-endpoint');
    expect(seen.find((r) => r.url === createWebhookEndpoint.path)?.data).toEqual({
      url: 'https://staging.example/hooks',
      eventTypes: ['payment_session.succeeded', 'payment_session.expired', 'refund.succeeded'],
      description: null,
    });
  });

  it('names the endpoint each event went to', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Webhook events' });
    const row = (await within(table).findByText('payment_session.succeeded')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Callback URL (main)');
  });

  it('shows finance no endpoint to change', async () => {
    open('finance');
    await screen.findByRole('table', { name: 'Webhook events' });
    expect(screen.queryByRole('region', { name: 'Your endpoint' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Further endpoints' })).not.toBeInTheDocument();
  });

  it("lets support read a merchant's webhook events from its row in the admin console, an event's detail in place", async () => {
    const user = userEvent.setup();
    const seen: StubRequest[] = [];
    const app = renderApp({
      path: '/merchant',
      user: makeUser(ROLE.Staff),
      handler: (request) => {
        if (request.url === listMerchants.path) {
          return {
            status: 200,
            data: { items: [aMerchant({ id: MERCHANT_ID, name: 'Toko Demo' })], nextCursor: null },
          };
        }
        if (request.url === listWebhookEvents.path) {
          seen.push(request);
          const { body, deliveries, ...item } = FAILING;
          return { status: 200, data: { items: [item], nextCursor: null } };
        }
        if (request.url === `/webhook-events/${FAILING.id}`) return { status: 200, data: FAILING };
        return null;
      },
    });
    restore = app.http.restore;
    await user.click(await screen.findByRole('button', { name: 'Webhooks of Toko Demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Webhook events of Toko Demo' });
    const table = await within(dialog).findByRole('table', { name: 'Webhook events' });
    const row = (await within(table).findByText('payment_session.succeeded')).closest('tr') as HTMLElement;
    expect(seen.at(-1)?.params).toMatchObject({ merchantId: MERCHANT_ID });
    expect(within(dialog).queryByRole('button', { name: 'Send test event' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Your endpoint' })).not.toBeInTheDocument();
    // Said to an operator: the merchant's callback URL, not "yours".
    expect(within(dialog).getByText(/sent to this merchant's callback URL/)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /^Details of/ }));
    expect(await within(dialog).findByText('Sent to https://shop.example/hooks')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back to the list' }));
    expect(await within(dialog).findByRole('table', { name: 'Webhook events' })).toBeInTheDocument();
  });
});
