import { COLOR_THEME_STORAGE_KEY } from '@gerbang/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { applyColorTheme } from '../../lib/color-theme';
import { ThemeSwitch } from './theme-switch';

afterEach(() => document.documentElement.classList.remove('dark'));

describe('theme switch', () => {
  it('starts light and stores the choice under color-theme', async () => {
    const user = userEvent.setup();
    applyColorTheme();
    render(<ThemeSwitch />);
    expect(document.documentElement).not.toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));

    expect(localStorage.getItem(COLOR_THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(localStorage.getItem(COLOR_THEME_STORAGE_KEY)).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
