import type { WalletProvider } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { parseApiError, useApiErrorMessage } from '../../../lib/api-error';
import { useWallet } from '../api/get-wallet';
import { useWalletLiveUpdates } from '../hooks/use-wallet-live-updates';
import { WalletAdvancedSection } from './wallet-advanced-section';
import { WalletBasicInfoSection } from './wallet-basic-info-section';
import { WalletHealthSection } from './wallet-health-section';
import { WalletLoginSection } from './wallet-login-section';
import { walletDashboardPath } from './wallet-path';
import { WalletProxySection } from './wallet-proxy-section';
import { WalletQrSection } from './wallet-qr-section';
import { WalletTransactionsSection } from './wallet-transactions-section';

/** Spec §2 "Wallet detail page sections", in their order, live. */
export function WalletDetail({ provider, id }: { provider: WalletProvider; id: string }) {
  const { t } = useTranslation(['wallets']);
  const apiErrorMessage = useApiErrorMessage();
  const walletQuery = useWallet(id);
  useWalletLiveUpdates();

  let content = <Spinner />;
  const account = walletQuery.data;
  if (walletQuery.isError) {
    const isMissing = ['NOT_FOUND', 'VALIDATION_FAILED'].includes(parseApiError(walletQuery.error).code);
    content = <FormError>{isMissing ? t('wallets:detail.notFound') : apiErrorMessage(walletQuery.error)}</FormError>;
  } else if (account && account.provider !== provider) {
    content = <FormError>{t('wallets:detail.notFound')}</FormError>;
  } else if (account) {
    content = (
      <>
        <p className="text-base font-medium">
          {account.label || account.accountNumber}
          <span className="ml-2 text-sm font-normal text-gray-700 dark:text-gray-300">{account.accountNumber}</span>
        </p>
        <WalletBasicInfoSection account={account} />
        <WalletLoginSection account={account} />
        <WalletHealthSection account={account} />
        <WalletTransactionsSection account={account} />
        <WalletQrSection account={account} />
        <WalletProxySection account={account} />
        <WalletAdvancedSection account={account} />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <Link
        to={walletDashboardPath(provider)}
        className="self-start text-sm text-gray-700 underline hover:no-underline dark:text-gray-300"
      >
        {t('wallets:detail.back', { provider: t(`common:providers.${provider}`) })}
      </Link>
      {content}
    </div>
  );
}
