import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { env } from './config/env';
import { THEME_COLORS } from './config/theme-colors';
import { applyBrandColors } from './lib/brand-colors';
import { applyColorTheme } from './lib/color-theme';
import { initI18n } from './lib/i18n';

applyBrandColors(THEME_COLORS[env.buildTarget]);
applyColorTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

await initI18n();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
