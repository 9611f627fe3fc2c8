import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../components/ui/toast';

/** Copies and says so (spec §8: 'Copied to clipboard!'), or says it could not. */
export function useCopyToClipboard() {
  const { t } = useTranslation('common');
  return useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        toast.success(t('common:clipboard.copied'));
      } catch {
        toast.error(t('common:clipboard.copyFailed'));
      }
    },
    [t],
  );
}
