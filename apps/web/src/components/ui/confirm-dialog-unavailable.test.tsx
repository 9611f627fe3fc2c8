import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialogProvider, type ConfirmResult, useConfirm } from './confirm-dialog';
import { Toaster } from './toast';

// The dialog's file fails to load, as after a release while the tab stayed open.
vi.mock('./confirm-dialog-view', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

function Trigger({ results }: { results: ConfirmResult[] }) {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={async () => results.push(await confirm({ title: 'Delete', message: 'Delete?' }))}>
      Ask
    </button>
  );
}

describe('confirmation dialog whose code cannot load', () => {
  it('counts the question as cancelled and says the service cannot be reached, the page staying up', async () => {
    const results: ConfirmResult[] = [];
    render(
      <ConfirmDialogProvider>
        <Trigger results={results} />
        <Toaster />
      </ConfirmDialogProvider>,
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Ask' }));

    await waitFor(() => expect(results).toEqual([false]));
    expect(await screen.findByText(/The service cannot be reached/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask' })).toBeInTheDocument();
  });
});
