import { COLOR_THEME_STORAGE_KEY } from '@gerbang/contract';
import { useSyncExternalStore } from 'react';
import { localStore } from './local-store';

export const COLOR_THEMES = ['light', 'dark'] as const;
export type ColorTheme = (typeof COLOR_THEMES)[number];
export const DEFAULT_COLOR_THEME: ColorTheme = 'light';

const listeners = new Set<() => void>();

export function getColorTheme(): ColorTheme {
  const stored = localStore.get(COLOR_THEME_STORAGE_KEY);
  return stored === 'dark' ? 'dark' : DEFAULT_COLOR_THEME;
}

/** Puts the `dark` class on <html>, which the Tailwind `dark:` variant follows. */
export function applyColorTheme(theme: ColorTheme = getColorTheme()): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

export function setColorTheme(theme: ColorTheme): void {
  localStore.set(COLOR_THEME_STORAGE_KEY, theme);
  applyColorTheme(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useColorTheme(): ColorTheme {
  return useSyncExternalStore(subscribe, getColorTheme, () => DEFAULT_COLOR_THEME);
}
