import { type Alert, type Area, can, type RoleId } from '@gerbang/contract';
import { DETAIL_PARAMS } from '../../../lib/detail-params';

/** Where the thing an alert is about is shown, and the area its page needs; null where nothing shows it. */
const PAGES: Record<string, { area: Area; to: (alert: Alert) => string | null }> = {
  device: { area: 'devices', to: (alert) => `/device/${alert.subjectId}` },
  wallet_account: {
    area: 'wallets',
    to: (alert) =>
      typeof alert.details.provider === 'string' ? `/${alert.details.provider}/${alert.subjectId}` : null,
  },
  withdrawal: {
    area: 'withdrawals',
    to: (alert) => `/withdrawal-requests?${DETAIL_PARAMS.withdrawal}=${alert.subjectId}`,
  },
  merchant: { area: 'merchants', to: () => '/merchant' },
  queue: { area: 'transactions', to: () => '/transaction' },
  payment_method: { area: 'wallets', to: (alert) => `/${alert.subjectId}` },
};

export function alertSubjectLink(alert: Alert, roleId: RoleId | undefined): string | null {
  const page = PAGES[alert.subjectType];
  if (!page || !can(roleId, page.area, 'view')) return null;
  return page.to(alert);
}
