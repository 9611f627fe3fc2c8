import type { CustomerPagePath } from '@gerbang/contract';
import type { ComponentType } from 'react';
import type { Namespace } from '../../lib/i18n';

/** One public customer page (spec §2); its document is customer.html, not the console. */
export type CustomerRoute = {
  /** Key in the common namespace; also the document title. */
  titleKey: string;
  /** Translation namespaces the page renders with, loaded together with its code. */
  namespaces?: readonly Namespace[];
  load: () => Promise<{ default: ComponentType }>;
};

const loadDeposit = () => import('../routes/customer/deposit');

export const CUSTOMER_ROUTES: Record<CustomerPagePath, CustomerRoute> = {
  '/request-transaction': {
    titleKey: 'routes.requestTransaction',
    namespaces: ['paymentLinks'],
    load: () => import('../routes/customer/request-transaction'),
  },
  '/merchant/embed': { titleKey: 'routes.merchantEmbed', namespaces: ['deposit'], load: loadDeposit },
  // Spec §2: the same screen as the merchant embed.
  '/deposit': { titleKey: 'routes.deposit', namespaces: ['deposit'], load: loadDeposit },
  '/withdraw': {
    titleKey: 'routes.withdraw',
    namespaces: ['withdraw'],
    load: () => import('../routes/customer/withdraw'),
  },
};
