import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createConsoleRoutes } from './app/router';
import { env } from './config/env';
import { THEME_COLORS } from './config/theme-colors';
import { hasBothTokens } from './lib/auth-tokens';
import { applyBrandColors } from './lib/brand-colors';
import { applyColorTheme } from './lib/color-theme';
import { startCurrentUserCheck } from './lib/current-user-store';
import { holdUntilFirstFrame } from './lib/first-frame';
import { initI18n, setTranslationCatalog } from './lib/i18n';
import { loadConsoleNamespace } from './locales/console-catalog';

applyBrandColors(THEME_COLORS[env.buildTarget]);
applyColorTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Everything the first screen waits for starts now, side by side, instead of one after another:
// the page's code and its translations load, a stored session is checked, and the
// startup translations load. Only then does React render, once. The API and the realtime
// connection wait for that first frame (lib/first-frame.ts); a check the screen needs (no
// remembered user) waits only for the sign-in spinner's.
setTranslationCatalog(loadConsoleNamespace);
const translationsReady = initI18n();
holdUntilFirstFrame();
startCurrentUserCheck();
const routes = createConsoleRoutes(env.consoleKind);
// With a stored session, a console page's layout (sidebar, header) renders in the first commit and
// the page's code follows it; without one, the guard sends the visitor to sign-in at once.
const layoutReady = routes.preload(window.location.pathname);
await Promise.all([translationsReady, hasBothTokens() ? layoutReady : null]);
const root = createRoot(container);
// As a transition the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole tree (the splash in index.html stays until it commits).
startTransition(() => {
  root.render(
    <StrictMode>
      <App routes={routes} />
    </StrictMode>,
  );
});
