import type { WalletProvider } from '@gerbang/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Translates a console text that may belong to a wallet provider's page: its keys in the common
 * namespace (or the one a key names, `console:…`), the first the locale has (`suffix` appended to each: `.title`), with the provider's
 * name (`common.providers.<provider>`) as `name` for the one that interpolates it.
 */
export function useProviderText(): (
  keys: string | readonly string[],
  provider?: WalletProvider,
  suffix?: string,
) => string {
  const { t } = useTranslation(['common', 'console']);
  return useCallback(
    (keys, provider, suffix = '') => {
      const name = provider ? t(`common:providers.${provider}`) : undefined;
      const list = typeof keys === 'string' ? [keys] : keys;
      return t(
        list.map((key) => `${key.includes(':') ? key : `common:${key}`}${suffix}`),
        { name },
      );
    },
    [t],
  );
}
