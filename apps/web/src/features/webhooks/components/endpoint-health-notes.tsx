import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';

type Props = { disabledAt: string | null; failingSince: string | null; previousSecretExpiresAt: string | null };

/**
 * How an endpoint (the callback URL or a further one) is doing: disabled after failing for days,
 * failing since when, and until when its previous secret still signs.
 */
export function EndpointHealthNotes({ disabledAt, failingSince, previousSecretExpiresAt }: Props) {
  const { t } = useTranslation(['webhooks']);
  const formatDateTime = useFormatDateTime();
  return (
    <>
      {disabledAt ? (
        <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100">
          {t('webhooks:endpoint.disabled', { time: formatDateTime(disabledAt) })}
        </p>
      ) : failingSince ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t('webhooks:endpoint.failing', { time: formatDateTime(failingSince) })}
        </p>
      ) : null}
      {previousSecretExpiresAt ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {t('webhooks:endpoint.previousSigns', { time: formatDateTime(previousSecretExpiresAt) })}
        </p>
      ) : null}
    </>
  );
}
