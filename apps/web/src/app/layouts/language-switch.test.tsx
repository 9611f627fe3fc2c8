import { LANGUAGE_STORAGE_KEY } from '@gerbang/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { LanguageSwitch } from './language-switch';
import { ThemeSwitch } from './theme-switch';

afterEach(async () => {
  await changeLanguage('en', { persist: false });
});

describe('language switch', () => {
  it('translates the interface, stores the choice and keeps <html lang> in step', async () => {
    const user = userEvent.setup();
    render(
      <>
        <LanguageSwitch />
        <ThemeSwitch />
      </>,
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Filipino');

    expect(await screen.findByRole('button', { name: 'Lumipat sa madilim na tema' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ph');
    expect(document.documentElement.lang).toBe('fil');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Wika' }), 'Bahasa Indonesia');
    expect(await screen.findByRole('button', { name: 'Beralih ke tema gelap' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('id');
  });
});
