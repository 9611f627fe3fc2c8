import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard';

/**
 * A device token, shown once: the server keeps only its hash, so closing this is the last chance
 * to copy it.
 */
export function TokenReveal({ token, deviceName }: { token: string; deviceName: string }) {
  const { t } = useTranslation(['devices']);
  const copy = useCopyToClipboard();
  const tokenId = useId();
  return (
    <div className="flex flex-col gap-3">
      <p
        role="alert"
        className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        {t('devices:token.warning', { name: deviceName })}
      </p>
      <label htmlFor={tokenId} className="text-sm font-medium">
        {t('devices:token.label')}
      </label>
      <input
        id={tokenId}
        readOnly
        value={token}
        onFocus={(event) => event.target.select()}
        className="w-full rounded-md border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-sm break-all dark:border-gray-600 dark:bg-gray-800"
      />
      <Button variant="primary" className="self-start" onClick={() => void copy(token)}>
        {t('devices:token.copy')}
      </Button>
    </div>
  );
}
