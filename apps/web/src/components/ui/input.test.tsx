import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Input } from './input';

describe('Input', () => {
  it('is labelled and counts characters against its maximum length', async () => {
    const user = userEvent.setup();
    render(<Input label="Note" name="note" maxLength={10} />);
    const input = screen.getByRole('textbox', { name: 'Note' });
    expect(screen.getByText('0/10')).toBeInTheDocument();

    await user.type(input, 'hello');

    expect(screen.getByText('5/10')).toBeInTheDocument();
    expect(input).toHaveAttribute('maxlength', '10');
    expect(input).toHaveAccessibleDescription('5/10');
  });

  it('shows "This field is required" once a required field was touched and left empty', async () => {
    const user = userEvent.setup();
    render(<Input label="Email" name="email" required />);
    const input = screen.getByRole('textbox', { name: /Email/ });
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();

    await user.click(input);
    await user.tab();

    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('This field is required');

    await user.type(input, 'a');
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
  });

  it('shows the error it is given', () => {
    render(<Input label="Email" name="email" error="Enter a valid email address" />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Enter a valid email address');
  });

  it('steps number inputs by 0.01 unless told otherwise', () => {
    render(
      <>
        <Input label="Amount" name="amount" type="number" />
        <Input label="Count" name="count" type="number" step={1} />
      </>,
    );
    expect(screen.getByRole('spinbutton', { name: 'Amount' })).toHaveAttribute('step', '0.01');
    expect(screen.getByRole('spinbutton', { name: 'Count' })).toHaveAttribute('step', '1');
  });

  it('counts the length of a controlled value', () => {
    render(<Input label="Name" name="name" maxLength={100} value="Ada" onChange={() => undefined} />);
    expect(screen.getByText('3/100')).toBeInTheDocument();
  });
});
