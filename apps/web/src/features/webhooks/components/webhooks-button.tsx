import { canUser } from '@gerbang/contract';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogButton } from '../../../components/ui/dialog-button';
import { useSession } from '../../../lib/session';

// The events' code and translations load when an operator opens them, not with the merchant list.
const WebhookEventList = lazy(async () => ({ default: (await import('./webhook-event-list')).WebhookEventList }));

/** "Webhooks" on a merchant's row (admin console): the events sent to that merchant, for support. */
export function WebhooksButton({ merchant }: { merchant: { id: string; name: string } }) {
  const { t } = useTranslation(['merchants']);
  const { user } = useSession();
  const [openId, setOpenId] = useState<string | null>(null);
  if (!canUser(user, 'webhooks', 'view')) return null;
  return (
    <DialogButton
      label={t('merchants:actions.webhooks')}
      ariaLabel={t('merchants:actions.webhooksOf', { name: merchant.name })}
      title={t('merchants:webhooks.title', { name: merchant.name })}
      loadingLabel={t('merchants:webhooks.loading')}
      onClose={() => setOpenId(null)}
    >
      <WebhookEventList merchantId={merchant.id} openId={openId} onOpen={setOpenId} detailInPlace />
    </DialogButton>
  );
}
