import type { ThemeColors } from '../config/theme-colors';

/** Sets the build target's colours as the --brand-* variables that index.css maps into Tailwind. */
export function applyBrandColors(colors: ThemeColors): void {
  const style = document.documentElement.style;
  style.setProperty('--brand-primary', colors.primary);
  style.setProperty('--brand-primary-hover', colors.primaryHover);
  style.setProperty('--brand-primary-dark', colors.primaryDark);
  style.setProperty('--brand-on-primary', colors.onPrimary);
}
