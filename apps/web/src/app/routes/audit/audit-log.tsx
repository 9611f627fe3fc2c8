import type { AuditEntityLinks } from '../../../features/audit/components/audit-entity-links';
import { AuditLogList } from '../../../features/audit/components/audit-log-list';
import { DETAIL_PARAMS } from '../../../lib/detail-params';

const id = (entry: { targetId: string }) => encodeURIComponent(entry.targetId);

/**
 * The admin console's pages of one entity, by audit entity type. Merchants, proxies, sign-in
 * sessions and the rest have no page of their own here: their entries link nowhere.
 */
const ADMIN_ENTITY_LINKS: AuditEntityLinks = {
  user: { area: 'users', to: (entry) => `/user/${id(entry)}` },
  device: { area: 'devices', to: (entry) => `/device/${id(entry)}` },
  wallet_account: {
    area: 'wallets',
    to: (entry) => (entry.targetProvider ? `/${entry.targetProvider}/${id(entry)}` : null),
  },
  withdrawal: { area: 'withdrawals', to: (entry) => `/withdrawal-requests?${DETAIL_PARAMS.withdrawal}=${id(entry)}` },
  payment_session: {
    area: 'transactionSessions',
    to: (entry) => `/transaction-session?${DETAIL_PARAMS.paymentSession}=${id(entry)}`,
  },
};

/** Admin console /audit: every entry, for the roles with audit:view. */
export default function AuditLogRoute() {
  return <AuditLogList entityLinks={ADMIN_ENTITY_LINKS} />;
}
