import { canUser } from '@gerbang/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';

// The log's code and translations load when an operator opens one, not with the merchant list.
const ApiLogList = lazy(async () => ({ default: (await import('./api-log-list')).ApiLogList }));

/** "API logs" on a merchant's row (admin console): that merchant's requests, for support. */
export function ApiLogsButton({ merchant }: { merchant: { id: string; name: string } }) {
  const { t } = useTranslation(['merchants']);
  const { user } = useSession();
  const [isOpen, setOpen] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  if (!canUser(user, 'apiLogs', 'view')) return null;
  return (
    <>
      <Button
        variant="secondary"
        aria-label={t('merchants:actions.apiLogsOf', { name: merchant.name })}
        onClick={() => setOpen(true)}
      >
        {t('merchants:actions.apiLogs')}
      </Button>
      {isOpen ? (
        <Modal
          isOpen
          size="wide"
          title={t('merchants:apiLogs.title', { name: merchant.name })}
          onClose={() => {
            setOpen(false);
            setOpenId(null);
          }}
        >
          <Suspense fallback={<Spinner label={t('merchants:apiLogs.loading')} />}>
            <ApiLogList merchantId={merchant.id} openId={openId} onOpen={setOpenId} detailInPlace />
          </Suspense>
        </Modal>
      ) : null}
    </>
  );
}
