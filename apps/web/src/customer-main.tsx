import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CustomerApp, loadCustomerPage } from './app/customer/customer-app';
import { CustomerLayout } from './app/customer/customer-layout';
import { ApplicationError, describeError } from './app/errors/application-error';
import { env } from './config/env';
import { THEME_COLORS } from './config/theme-colors';
import { applyBrandColors } from './lib/brand-colors';
import { applyColorTheme } from './lib/color-theme';
import { setTranslationCatalog } from './lib/i18n';
import { loadNamespace } from './locales/namespace-catalog';

// The customer pages' own entry (customer.html): a customer on a cheap phone downloads React, the
// translations and the page, none of the consoles' code (router, API client, sign-in, realtime).
applyBrandColors(THEME_COLORS[env.buildTarget]);
applyColorTheme();
setTranslationCatalog(loadNamespace);

const container = document.getElementById('root');
if (!container) throw new Error('customer.html has no #root element');

const root = createRoot(container);
try {
  const page = await loadCustomerPage(window.location.pathname);
  root.render(
    <StrictMode>
      <CustomerLayout>
        <CustomerApp page={page} />
      </CustomerLayout>
    </StrictMode>,
  );
} catch (error) {
  // The page's code or translations did not download (a dropped connection): say so, as the
  // consoles do, instead of spinning forever.
  root.render(<ApplicationError reason={describeError(error)} />);
}
