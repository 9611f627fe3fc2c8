import { WebhookEventList } from '../../../features/webhooks/components/webhook-event-list';
import { useDetailParam } from '../../../hooks/use-detail-param';
import { DETAIL_PARAMS } from '../../../lib/detail-params';

/** Merchant console /webhooks: the events sent to the merchant's endpoint, its endpoint, a resend and a test event. */
export default function MerchantWebhooksRoute() {
  const [openId, setOpen] = useDetailParam(DETAIL_PARAMS.webhookEvent);
  return <WebhookEventList openId={openId} onOpen={setOpen} />;
}
