import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RowMenu } from './row-menu';

function renderMenu() {
  render(
    <div>
      <p>outside</p>
      <RowMenu label="Actions for Pixel 7">
        <button type="button">Edit Pixel 7</button>
      </RowMenu>
    </div>,
  );
  return screen.getByRole('button', { name: 'Actions for Pixel 7' });
}

describe('a row menu', () => {
  it('opens its actions with focus on the first, and Escape closes it back onto the button', async () => {
    const user = userEvent.setup();
    const trigger = renderMenu();
    expect(screen.queryByRole('group', { name: 'Actions for Pixel 7' })).not.toBeInTheDocument();
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Edit Pixel 7' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Actions for Pixel 7' })).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes on a press outside and toggles on its button', async () => {
    const user = userEvent.setup();
    const trigger = renderMenu();
    await user.click(trigger);
    await user.click(screen.getByText('outside'));
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    await user.click(trigger);
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});
