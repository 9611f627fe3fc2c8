import { customerPageOf } from '@gerbang/contract';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerPage } from '../../components/customer-page';
import { Toaster } from '../../components/ui/toast';
import { getStoredLanguage, i18n, initI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../use-document-title';
import { CUSTOMER_ROUTES, type CustomerRoute } from './customer-routes';

export type LoadedCustomerPage = { route: CustomerRoute; Page: ComponentType };

/**
 * The page of the current address with its translations, loaded together. customer.html is
 * served only at customer paths; any other address shows the deposit page's "missing" message.
 */
export async function loadCustomerPage(pathname: string): Promise<LoadedCustomerPage> {
  const route = CUSTOMER_ROUTES[customerPageOf(pathname) ?? '/deposit'];
  // Only what the page shows: no API errors or sign-in texts (the consoles' startup namespaces).
  const [page] = await Promise.all([
    route.load(),
    initI18n(getStoredLanguage(), ['common', ...(route.namespaces ?? [])]).then(() =>
      i18n.loadNamespaces([...(route.namespaces ?? [])]),
    ),
  ]);
  return { route, Page: page.default };
}

/** A customer page: the page's card and title (spec §2), its content, and the toasts. */
export function CustomerApp({ page: { route, Page } }: { page: LoadedCustomerPage }) {
  const { t } = useTranslation('common');
  const title = t(`common:${route.titleKey}`);
  useDocumentTitle(title);
  return (
    <>
      <CustomerPage title={title}>
        <Page />
      </CustomerPage>
      <Toaster />
    </>
  );
}
