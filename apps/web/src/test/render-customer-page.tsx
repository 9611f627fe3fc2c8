import { render } from '@testing-library/react';
import { CustomerApp, loadCustomerPage } from '../app/customer/customer-app';
import { CustomerLayout } from '../app/customer/customer-layout';

/** Opens `address` as customer.html does (customer-main.tsx): its page, translations and layout. */
export async function renderCustomerPage(address: string) {
  const url = new URL(address, window.location.origin);
  window.history.replaceState(null, '', `${url.pathname}${url.search}`);
  const page = await loadCustomerPage(url.pathname);
  return render(
    <CustomerLayout>
      <CustomerApp page={page} />
    </CustomerLayout>,
  );
}
