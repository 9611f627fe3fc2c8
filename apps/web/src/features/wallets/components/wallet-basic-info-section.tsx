import type { WalletAccount } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailList, DetailSection } from '../../../components/ui/detail-section';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { WalletHealthBadge, WalletLoginBadge, WalletStatusBadge } from './wallet-badges';
import { WalletReadiness } from './wallet-readiness';

/** Who and where the account is, what it holds, and whether it may move money now (and why not). */
export function WalletBasicInfoSection({ account }: { account: WalletAccount }) {
  const { t } = useTranslation(['wallets']);
  const formatDateTime = useFormatDateTime();
  const formatMoney = useFormatMoney();
  const none = t('wallets:none');
  const limit = (amount: string | null, count: number | null) =>
    [
      amount === null ? null : formatMoney(amount, account.currency),
      count === null ? null : t('wallets:limits.countOf', { count }),
    ]
      .filter(Boolean)
      .join(' · ') || t('wallets:limits.none');
  return (
    <DetailSection id="wallet-basic-heading" title={t('wallets:detail.basicInformation')}>
      <DetailList
        rows={[
          { key: 'provider', label: t('wallets:fields.provider'), value: t(`common:providers.${account.provider}`) },
          {
            key: 'type',
            label: t('wallets:fields.accountType'),
            value: t(`wallets:accountTypes.${account.accountType}`),
          },
          {
            key: 'number',
            label: t([`wallets:fields.accountNumberOf.${account.provider}`, 'wallets:fields.accountNumberOfProvider'], {
              name: t(`common:providers.${account.provider}`),
            }),
            value: account.accountNumber,
          },
          { key: 'holder', label: t('wallets:fields.holderName'), value: account.holderName },
          { key: 'label', label: t('wallets:fields.label'), value: account.label || none },
          {
            key: 'device',
            label: t('wallets:fields.device'),
            value: (
              <Link to={`/device/${account.deviceId}`} className="underline hover:no-underline">
                {account.deviceName}
              </Link>
            ),
          },
          {
            key: 'status',
            label: t('wallets:fields.status'),
            value: (
              <span className="flex flex-wrap items-center gap-2">
                <WalletStatusBadge status={account.status} />
                {account.disabledReason ? <span>{account.disabledReason}</span> : null}
              </span>
            ),
          },
          {
            key: 'login',
            label: t('wallets:fields.loginStatus'),
            value: <WalletLoginBadge status={account.loginStatus} />,
          },
          {
            key: 'health',
            label: t('wallets:fields.health'),
            value: <WalletHealthBadge state={account.healthState} />,
          },
          {
            key: 'balance',
            label: t('wallets:fields.balance'),
            value:
              account.balance === null
                ? t('wallets:balanceNeverRead')
                : `${formatMoney(account.balance, account.currency)} · ${t('wallets:readAt', { when: formatDateTime(account.balanceReadAt ?? account.updatedAt) })}`,
          },
          {
            key: 'todayIn',
            label: t('wallets:fields.todayIn'),
            value: `${formatMoney(account.today.incomingAmount, account.currency)} (${account.today.incomingCount}) / ${limit(account.limits.dailyIncomingAmount, account.limits.dailyIncomingCount)}`,
          },
          {
            key: 'todayOut',
            label: t('wallets:fields.todayOut'),
            value: `${formatMoney(account.today.outgoingAmount, account.currency)} (${account.today.outgoingCount}) / ${limit(account.limits.dailyOutgoingAmount, account.limits.dailyOutgoingCount)}`,
          },
          { key: 'readiness', label: t('wallets:fields.readiness'), value: <WalletReadiness account={account} /> },
          { key: 'notes', label: t('wallets:fields.notes'), value: account.notes || none },
          { key: 'created', label: t('wallets:fields.createdAt'), value: formatDateTime(account.createdAt) },
        ]}
      />
    </DetailSection>
  );
}
