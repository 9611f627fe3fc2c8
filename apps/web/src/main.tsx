import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { CONSOLE_ROUTES, loadConsoleLayout } from '#console-routes';
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
import { readRememberedUser } from './lib/remembered-user';
import { loadConsoleNamespace } from './locales/console-catalog';

applyBrandColors(THEME_COLORS[env.buildTarget]);
applyColorTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Everything the first screen waits for starts now, side by side, instead of one after another:
// the layout's code (a console page) or the page's (an account page) and their translations
// load, a stored session is checked, and the startup translations load. Only then does React
// render, once. A console page's own code (unless the page is drawn with its layout: its own text
// is what its reader looks at first), the API and the realtime connection wait for that first
// frame to be on screen (lib/first-frame.ts); a check the screen needs (no remembered user) waits
// only for the spinner's frame.
setTranslationCatalog(loadConsoleNamespace);
const translationsReady = initI18n();
const hasStoredSession = hasBothTokens();
const remembered = hasStoredSession ? readRememberedUser() : null;
// A stored session without a remembered user shows the spinner until the check answers.
holdUntilFirstFrame({ withText: !hasStoredSession || remembered !== null });
startCurrentUserCheck(remembered);
const routes = createConsoleRoutes(env.consoleKind, CONSOLE_ROUTES, loadConsoleLayout);
// With a stored session, a console page's layout (sidebar, header) renders in the first commit and
// the page's code follows it (or renders with it: AppRoute.drawnWithLayout); without one, the
// guard sends the visitor to sign-in at once.
const layoutReady = routes.preload(window.location.pathname);
// Not a top-level await: the bundler keeps its chunk merging (a page's own code in one file) only
// for a build without one.
void Promise.all([translationsReady, hasStoredSession ? layoutReady : null]).then(() => {
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
});
