import type { BuildTarget } from './build-targets';

export type ThemeColors = {
  primary: string;
  primaryHover: string;
  primaryDark: string;
  /** Text drawn on a primary background; chosen for WCAG AA contrast against `primary`. */
  onPrimary: string;
};

const STANDARD: ThemeColors = {
  primary: '#FACC15',
  primaryHover: '#EAB308',
  primaryDark: '#CA8A04',
  onPrimary: '#111827',
};
const BISNIS: ThemeColors = {
  primary: '#1E40AF',
  primaryHover: '#1D4ED8',
  primaryDark: '#1E3A8A',
  onPrimary: '#FFFFFF',
};

/** Spec §6 "Build targets and theme colours". */
export const THEME_COLORS: Record<BuildTarget, ThemeColors> = {
  admin: STANDARD,
  merchant: STANDARD,
  'admin-bisnis': BISNIS,
  'merchant-bisnis': BISNIS,
};
