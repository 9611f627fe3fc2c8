import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** The recovery codes, shown once: to write down, copy or download before leaving. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone(): void }) {
  const { t } = useTranslation(['accountSecurity', 'auth']);
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'gerbang-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('accountSecurity:recoveryCodes.intro')}</p>
      <ul
        aria-label={t('accountSecurity:recoveryCodes.listLabel')}
        className="grid grid-cols-2 gap-2 rounded-md bg-gray-100 p-4 font-mono text-sm dark:bg-gray-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={() => void navigator.clipboard?.writeText(text)}>
          {t('accountSecurity:recoveryCodes.copy')}
        </Button>
        <Button type="button" variant="secondary" onClick={download}>
          {t('accountSecurity:recoveryCodes.download')}
        </Button>
        <Button type="button" variant="primary" onClick={onDone}>
          {t('accountSecurity:recoveryCodes.done')}
        </Button>
      </div>
    </div>
  );
}
