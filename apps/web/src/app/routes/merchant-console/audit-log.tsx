import type { AuditEntityLinks } from '../../../features/audit/components/audit-entity-links';
import { AuditLogList } from '../../../features/audit/components/audit-log-list';
import { DETAIL_PARAMS } from '../../../lib/detail-params';

const id = (entry: { targetId: string }) => encodeURIComponent(entry.targetId);

/** The merchant console's pages of one entity: its withdrawals and payment sessions open in their lists. */
const MERCHANT_ENTITY_LINKS: AuditEntityLinks = {
  withdrawal: { area: 'withdrawals', to: (entry) => `/withdrawal-requests?${DETAIL_PARAMS.withdrawal}=${id(entry)}` },
  payment_session: {
    area: 'transactions',
    to: (entry) => `/transaction?${DETAIL_PARAMS.paymentSession}=${id(entry)}`,
  },
};

/** Merchant console /audit: what the merchant's own users did (the server gives no other entry). */
export default function MerchantAuditLogRoute() {
  return <AuditLogList entityLinks={MERCHANT_ENTITY_LINKS} />;
}
