import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { clearTokens } from '../lib/auth-tokens';
import {
  CUSTOMER_PAGE_NAMESPACES,
  i18n,
  initI18n,
  NAMESPACES,
  type Namespace,
  setTranslationCatalog,
} from '../lib/i18n';
import { loadConsoleNamespace } from '../locales/console-catalog';
import { loadNamespace } from '../locales/namespace-catalog';

// A page's first render imports its lazy route, which Vite transforms on first use: on a loaded
// 2-core runner that took more than findBy*'s default second (a first test of its file failed so).
configure({ asyncUtilTimeout: 5_000 });
// jsdom has no layout engine; the router's scroll-to-top only needs the call to exist.
window.scrollTo = () => undefined;
// jsdom cannot draw (no canvas): charts get no context and draw nothing, quietly. Their figures are
// also in tables, which the tests read; e2e sees them drawn in Chromium.
HTMLCanvasElement.prototype.getContext = () => null;

beforeAll(async () => {
  // Each page's own catalog: the consoles', and the customer pages' for their namespaces.
  setTranslationCatalog((language, namespace) =>
    CUSTOMER_PAGE_NAMESPACES.includes(namespace as Namespace)
      ? loadNamespace(language, namespace)
      : loadConsoleNamespace(language, namespace),
  );
  await initI18n('en');
  // The app loads a page's namespace with the page; components rendered alone need them all now.
  await i18n.loadNamespaces([...NAMESPACES]);
  // The app imports these when a session starts; importing them here keeps that one-off cost
  // out of the first test's time limit.
  await Promise.all([import('../lib/realtime'), import('../lib/session-requests')]);
});

afterEach(() => {
  cleanup();
  // Through the tokens' own API, so the session's store forgets its user with them.
  clearTokens();
  localStorage.clear();
});
