import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

function renderModal(isLoading: boolean) {
  const onClose = vi.fn();
  render(
    <Modal
      isOpen
      onClose={onClose}
      title="Edit user"
      isLoading={isLoading}
      footer={<button type="button">Save</button>}
    >
      <label>
        Name <input />
      </label>
    </Modal>,
  );
  return onClose;
}

describe('Modal', () => {
  it('is a labelled modal dialog that takes focus', () => {
    renderModal(false);
    const dialog = screen.getByRole('dialog', { name: 'Edit user' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('closes by Escape, the close button and the backdrop when idle', async () => {
    const user = userEvent.setup();
    const onClose = renderModal(false);

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const backdrop = screen.getByRole('dialog').previousElementSibling as HTMLElement;
    await user.pointer({ keys: '[MouseLeft]', target: backdrop });

    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('cannot be closed by Escape, the backdrop or the close button while loading', async () => {
    const user = userEvent.setup();
    const onClose = renderModal(true);

    await user.keyboard('{Escape}');
    const closeButton = screen.getByRole('button', { name: 'Close' });
    expect(closeButton).toBeDisabled();
    await user.click(closeButton);
    const backdrop = screen.getByRole('dialog').previousElementSibling as HTMLElement;
    await user.pointer({ keys: '[MouseLeft]', target: backdrop });

    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit user' })).toBeInTheDocument();
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    renderModal(false);
    const name = screen.getByRole('textbox', { name: 'Name' });
    const save = screen.getByRole('button', { name: 'Save' });

    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(name).toHaveFocus();
  });
});
