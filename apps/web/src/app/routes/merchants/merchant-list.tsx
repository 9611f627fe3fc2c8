import { ApiLogsButton } from '../../../features/api-logs/components/api-logs-button';
import { MerchantList } from '../../../features/merchants/components/merchant-list';
import { InviteMerchantUserButton } from '../../../features/users/components/invite-merchant-user-button';
import { WebhooksButton } from '../../../features/webhooks/components/webhooks-button';

export default function MerchantListRoute() {
  return (
    <MerchantList
      extraActions={(merchant) => (
        <>
          <InviteMerchantUserButton merchant={merchant} />
          <ApiLogsButton merchant={merchant} />
          <WebhooksButton merchant={merchant} />
        </>
      )}
    />
  );
}
