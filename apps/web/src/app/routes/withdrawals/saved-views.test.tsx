import { createSavedView, listSavedViews, ROLE, type SavedView } from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/user-fixture';

let restore = () => {};
afterEach(() => restore());

const view = (overrides: Partial<SavedView>): SavedView => ({
  id: '6c7d8e9f-0a1b-4c2d-8e3f-4a5b6c7d8e9f',
  page: '/withdrawal-requests',
  name: 'Uncertain',
  query: '?status=uncertain',
  isDefault: false,
  createdAt: '2026-11-27T00:00:00.000Z',
  ...overrides,
});

describe('saved views on Withdrawal Request', () => {
  it('saves the filters the address carries under a name', async () => {
    const user = userEvent.setup();
    const app = renderApp({
      path: '/withdrawal-requests?status=failed',
      user: makeUser(ROLE.Admin),
      handler: (request) => {
        if (request.url === listSavedViews.path) return { status: 200, data: { items: [] } };
        if (request.method === 'POST' && request.url === createSavedView.path)
          return { status: 201, data: view({ name: 'Failed', query: '?status=failed' }) };
        return null;
      },
    });
    restore = app.http.restore;
    await user.click(await screen.findByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save these filters' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Failed');
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() =>
      expect(app.http.requests.find((r) => r.method === 'POST')?.data).toEqual({
        page: '/withdrawal-requests',
        name: 'Failed',
        query: '?status=failed',
      }),
    );
  });

  it('opens the default view when the address names no filter, and another view when chosen', async () => {
    const user = userEvent.setup();
    const app = renderApp({
      path: '/withdrawal-requests',
      user: makeUser(ROLE.Admin),
      handler: (request) =>
        request.url === listSavedViews.path
          ? {
              status: 200,
              data: {
                items: [
                  view({ isDefault: true }),
                  view({ id: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a', name: 'Failed', query: '?status=failed' }),
                ],
              },
            }
          : null,
    });
    restore = app.http.restore;
    await waitFor(() => expect(app.location()).toBe('/withdrawal-requests?status=uncertain'));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Saved views' }), 'Failed');
    await waitFor(() => expect(app.location()).toBe('/withdrawal-requests?status=failed'));
  });
});
