import { WebhookEventList } from '../../../features/webhooks/components/webhook-event-list';

/** Merchant console /webhooks: the events sent to the merchant's endpoint, a resend and a test event. */
export default function MerchantWebhooksRoute() {
  return <WebhookEventList />;
}
