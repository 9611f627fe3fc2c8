import type { Passkey } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/form-error';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useRemovePasskey } from '../api/passkeys';

/** The user's passkeys: name, when added and last used; each can be removed (after a step-up). */
export function PasskeyList({ passkeys }: { passkeys: readonly Passkey[] }) {
  const { t } = useTranslation(['accountSecurity', 'auth']);
  const formatDateTime = useFormatDateTime();
  const apiErrorMessage = useApiErrorMessage();
  const remove = useRemovePasskey();
  const confirm = useConfirm();

  if (passkeys.length === 0)
    return <p className="text-sm text-gray-600 dark:text-gray-400">{t('accountSecurity:passkey.none')}</p>;

  const onRemove = async (passkey: Passkey) => {
    const confirmed = await confirm({
      title: t('accountSecurity:passkey.removeTitle', { name: passkey.name }),
      message: t('accountSecurity:passkey.removeMessage'),
      confirmText: t('accountSecurity:passkey.remove'),
    });
    if (confirmed) remove.mutate(passkey.id);
  };

  return (
    <div className="space-y-3">
      {remove.isError ? <FormError>{apiErrorMessage(remove.error)}</FormError> : null}
      <ul
        aria-label={t('accountSecurity:passkey.listLabel')}
        className="divide-y divide-gray-200 rounded-md border border-gray-200 dark:divide-gray-700 dark:border-gray-700"
      >
        {passkeys.map((passkey) => (
          <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="min-w-0">
              <p className="font-medium break-words text-gray-900 dark:text-white">{passkey.name}</p>
              <p className="text-sm text-gray-600 dark:text-gray-400">
                {t('accountSecurity:passkey.added', { when: formatDateTime(passkey.createdAt) })}
                {' · '}
                {passkey.lastUsedAt
                  ? t('accountSecurity:passkey.lastUsed', { when: formatDateTime(passkey.lastUsedAt) })
                  : t('accountSecurity:passkey.neverUsed')}
              </p>
            </div>
            <Button
              type="button"
              variant="secondary"
              isLoading={remove.isPending && remove.variables === passkey.id}
              aria-label={t('accountSecurity:passkey.removeNamed', { name: passkey.name })}
              onClick={() => void onRemove(passkey)}
            >
              {t('accountSecurity:passkey.remove')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
