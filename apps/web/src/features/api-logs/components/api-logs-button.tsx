import { canUser } from '@gerbang/contract';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogButton } from '../../../components/ui/dialog-button';
import { useSession } from '../../../lib/session';

// The log's code and translations load when an operator opens one, not with the merchant list.
const ApiLogList = lazy(async () => ({ default: (await import('./api-log-list')).ApiLogList }));

/** "API logs" on a merchant's row (admin console): that merchant's requests, for support. */
export function ApiLogsButton({ merchant }: { merchant: { id: string; name: string } }) {
  const { t } = useTranslation(['merchants']);
  const { user } = useSession();
  const [openId, setOpenId] = useState<string | null>(null);
  if (!canUser(user, 'apiLogs', 'view')) return null;
  return (
    <DialogButton
      label={t('merchants:actions.apiLogs')}
      ariaLabel={t('merchants:actions.apiLogsOf', { name: merchant.name })}
      title={t('merchants:apiLogs.title', { name: merchant.name })}
      loadingLabel={t('merchants:apiLogs.loading')}
      onClose={() => setOpenId(null)}
    >
      <ApiLogList merchantId={merchant.id} openId={openId} onOpen={setOpenId} detailInPlace />
    </DialogButton>
  );
}
