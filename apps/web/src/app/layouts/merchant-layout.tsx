import { MERCHANT_ROUTES } from '../merchant-routes';
import { ConsoleLayout } from './console-layout';
import { MERCHANT_SIDEBAR_ITEMS } from './merchant-sidebar-items';
import { MERCHANT_DEFAULT_PAGE_HEADER_VARIANT } from './page-header-variants';

export function MerchantLayout() {
  return (
    <ConsoleLayout
      sidebarItems={MERCHANT_SIDEBAR_ITEMS}
      routes={MERCHANT_ROUTES}
      headerFallback={MERCHANT_DEFAULT_PAGE_HEADER_VARIANT}
    />
  );
}
