import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmDialogProvider, type ConfirmOptions, type ConfirmResult, useConfirm } from './confirm-dialog';

function Trigger({ options, results }: { options: ConfirmOptions; results: ConfirmResult[] }) {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={async () => results.push(await confirm(options))}>
      Ask
    </button>
  );
}

function renderWithConfirm(options: ConfirmOptions) {
  const results: ConfirmResult[] = [];
  render(
    <ConfirmDialogProvider>
      <Trigger options={options} results={results} />
    </ConfirmDialogProvider>,
  );
  return results;
}

describe('confirmation dialog', () => {
  it('resolves false on cancel, with default button texts', async () => {
    const user = userEvent.setup();
    const results = renderWithConfirm({ title: 'Disable user', message: 'Disable Ada?' });

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('dialog');
    expect(screen.getByRole('dialog', { name: 'Disable user' })).toHaveTextContent('Disable Ada?');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(results).toEqual([false]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resolves true on confirm, with custom button texts', async () => {
    const user = userEvent.setup();
    const results = renderWithConfirm({
      title: 'Cancel withdrawal',
      message: 'Are you sure?',
      confirmText: 'Yes, Cancel',
      cancelText: 'No, Keep',
    });

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('dialog');
    expect(screen.getByRole('button', { name: 'No, Keep' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel' }));

    expect(results).toEqual([true]);
  });

  it('resolves false when closed with Escape', async () => {
    const user = userEvent.setup();
    const results = renderWithConfirm({ title: 'Disable user', message: 'Disable Ada?' });

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');

    expect(results).toEqual([false]);
  });

  it('resolves the typed text when it has an input', async () => {
    const user = userEvent.setup();
    const results = renderWithConfirm({
      title: 'Reject request',
      message: 'Give a reason.',
      inputLabel: 'Reason',
      inputPlaceholder: 'Why?',
      inputMaxLength: 20,
    });

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('dialog');
    const input = screen.getByRole('textbox', { name: 'Reason' });
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('placeholder', 'Why?');
    await user.type(input, 'Duplicate');
    expect(screen.getByText('9/20')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(results).toEqual(['Duplicate']);
  });

  it('will not confirm an empty required input', async () => {
    const user = userEvent.setup();
    const results = renderWithConfirm({
      title: 'Reject request',
      message: 'Give a reason.',
      inputLabel: 'Reason',
      isRequiredInput: true,
    });

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(results).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Fraud{Enter}');
    expect(results).toEqual(['Fraud']);
  });
});
